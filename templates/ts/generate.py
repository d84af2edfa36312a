"""The task's documented command, `python generate.py --seed N --out items.jsonl`, for this
TypeScript generator.

It runs generate.bundle.mjs (generate.ts and generator.ts bundled into one script by `npm run
bundle`, committed with them) with Node, and the toolkit package-lock.json pins, which the install
step puts into node_modules before the network is cut:

    npm ci --omit=dev --offline --ignore-scripts

Nothing is installed, built or downloaded here. The runner needs Node (20 or later, the major
version that made vendor/'s SQLite binding) as well as Python.
"""

import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BUNDLE = os.path.join(HERE, "generate.bundle.mjs")
TOOLKIT = os.path.join(HERE, "node_modules", "reverse-poleval", "package.json")


def fail(message):
    sys.stderr.write("generate.py: " + message + "\n")
    sys.exit(1)


def main():
    node = shutil.which("node")
    if node is None:
        fail(
            "this generator is written in TypeScript and needs Node.js (20 or later) to run, "
            "and there is no `node` on PATH: run it where Node is installed as well as Python"
        )
    if not os.path.isfile(BUNDLE):
        fail("generate.bundle.mjs is missing: run `npm run bundle` and commit it")
    if not os.path.isfile(TOOLKIT):
        fail(
            "node_modules/reverse-poleval is missing: install package-lock.json first with "
            "`npm ci --omit=dev --offline --ignore-scripts`"
        )
    os.execv(node, [node, BUNDLE] + sys.argv[1:])


if __name__ == "__main__":
    main()

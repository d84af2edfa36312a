/**
 * The Python side of a custom evaluator: a persistent worker that loads evaluator.py once, then
 * answers JSON lines `{"id", "prediction", "gold"}` with `{"id", "value": bool}` or `{"id",
 * "error"}`. It is passed with `python3 -c`, so nothing has to be copied into a container, and it
 * moves the evaluator's own prints to stderr and its stdin to /dev/null, so that nothing it does
 * can break the protocol.
 */
export const EVALUATOR_WORKER_SOURCE = String.raw`
import importlib.util, json, os, signal, sys

# Everything evaluator.py starts stays below this worker, even a daemon that calls setsid() and
# forks again (Linux's child subreaper): killed with it when the worker ends or is stopped.
try:
    import ctypes
    ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
except Exception:
    pass

def descendants():
    parents = {}
    for entry in os.listdir('/proc') if os.path.isdir('/proc') else []:
        if not entry.isdigit():
            continue
        try:
            with open('/proc/' + entry + '/stat', 'rb') as handle:
                fields = handle.read().rsplit(b')', 1)[1].split()
        except OSError:
            continue
        if fields[0] != b'Z':
            parents.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [os.getpid()]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found

def kill_descendants():
    for _ in range(50):
        found = descendants()
        if not found:
            return
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
proto = os.fdopen(os.dup(1), 'w', encoding='utf-8')
requests = os.fdopen(os.dup(0), 'r', encoding='utf-8')
os.dup2(2, 1)
sys.stdout = sys.stderr
os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
sys.stdin = open(os.devnull)

def send(message):
    proto.write(json.dumps(message) + '\n')
    proto.flush()

def describe(error):
    text = str(error).strip().splitlines()
    return type(error).__name__ + (': ' + text[0] if text else '')

path = sys.argv[1]
try:
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    spec = importlib.util.spec_from_file_location('evaluator', path)
    if spec is None:
        raise ImportError('not a Python source file (evaluator.py)')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    accept = getattr(module, 'accept', None)
    if not callable(accept):
        raise TypeError('evaluator.py defines no function accept(prediction, gold)')
except BaseException as error:
    send({'ready': False, 'error': describe(error)})
    kill_descendants()
    sys.exit(3)
send({'ready': True})

while True:
    line = requests.readline()
    if not line:
        break
    request = json.loads(line)
    try:
        value = accept(request['prediction'], request['gold'])
        if type(value) is bool:
            send({'id': request['id'], 'value': value})
        else:
            send({'id': request['id'], 'error': 'accept returned ' + type(value).__name__ + ', not bool'})
    except BaseException as error:
        send({'id': request['id'], 'error': describe(error)})
kill_descendants()
`;

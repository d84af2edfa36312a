/** The report page's stylesheet, inlined so the file needs nothing else. */
export const TRIAL_STYLE = `
:root { color-scheme: light; }
body { margin: 0; background: #f7f8fa; color: #1a202c; font: 15px/1.5 "DejaVu Sans", Helvetica, Arial, sans-serif; }
main { max-width: 1280px; margin: 0 auto; padding: 24px 32px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 0 0 4px; }
.meta { color: #4a5568; margin: 0 0 18px; }
.cards { display: flex; flex-wrap: wrap; gap: 14px; margin: 0 0 18px; }
.card { background: white; border: 1px solid #e2e8f0; border-left: 5px solid #2b6cb0; border-radius: 6px; padding: 10px 16px; min-width: 190px; flex: 1; }
.card.warn { border-left-color: #dd6b20; }
.card.bad { border-left-color: #c53030; background: #fff5f5; }
.card .label { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: #4a5568; }
.card .value { font-size: 30px; font-weight: 700; }
.card .detail { font-size: 12.5px; color: #4a5568; }
table { border-collapse: collapse; background: white; margin: 0 0 14px; font-size: 14px; }
th, td { padding: 5px 14px; border-bottom: 1px solid #e2e8f0; text-align: right; }
th:first-child { text-align: left; }
thead th { background: #edf2f7; }
tr.worst th, tr.worst td { background: #fffaf0; color: #9c4221; }
tr.mean th, tr.mean td { border-top: 2px solid #1a202c; }
section { background: white; border: 1px solid #e2e8f0; border-radius: 8px; padding: 18px 20px; margin: 22px 0; }
.read { color: #4a5568; margin: 0 0 10px; max-width: 920px; }
.note { color: #744210; background: #fffff0; border: 1px solid #faf089; border-radius: 4px; padding: 6px 10px; }
figure.plot { margin: 10px 0; overflow-x: auto; }
figure.plot svg { max-width: 100%; height: auto; }
ul.items { columns: 3; font-size: 13px; color: #2d3748; }
footer { color: #718096; font-size: 13px; margin-top: 24px; }
`;

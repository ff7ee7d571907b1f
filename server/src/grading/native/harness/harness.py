# The academy's Python harness: imports the student's solution.py, evaluates each test's call and prints
# what it returned, one line per test behind the run's mark (see outcomes.ts). It holds no expected value.
import json
import math
import sys
import traceback

MARK = sys.argv[1]
OUT = sys.__stdout__
CALLS = json.loads(open('/work/calls.json', encoding='utf-8').read())


def emit(*parts):
    OUT.write(MARK + ' ' + ' '.join(parts) + '\n')
    OUT.flush()


def plain(value, depth=0):
    """The value as JSON can hold it: tuples and sets as lists, other objects by their repr."""
    if depth > 50:
        return '…'
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, (list, tuple)):
        return [plain(v, depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v, depth + 1) for v in value), key=repr)
    if isinstance(value, dict):
        return {str(k): plain(v, depth + 1) for k, v in value.items()}
    return repr(value)


def own_lines(error):
    """The error as the student sees it: its type, text and the lines of solution.py it passed through."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename.endswith('solution.py')]
    where = ''.join(f' (solution.py, line {f.lineno})' for f in frames[-1:])
    return f'{type(error).__name__}: {error}{where}'


# -I leaves the script's folder off the path: the student's module is found there alone
sys.path.insert(0, '/work')
try:
    import solution  # noqa: E402
    NAMES = dict(vars(solution))
except BaseException as error:  # the module itself failed: every test reports it
    if isinstance(error, SyntaxError):
        # as Python prints it: the file, the line, the source and a caret under the place
        text = f'  File "solution.py", line {error.lineno}\n'
        if error.text:
            text += f'    {error.text.rstrip()}\n    {" " * max(0, (error.offset or 1) - 1)}^\n'
        text += f'{type(error).__name__}: {error.msg}'
        emit('compile', json.dumps({'error': text}, ensure_ascii=False))
        sys.exit(0)
    text = own_lines(error)
    for i in range(len(CALLS)):
        emit('result', str(i), json.dumps({'error': text}, ensure_ascii=False))
    sys.exit(0)

for i, call in enumerate(CALLS):
    emit('start', str(i))
    try:
        value = eval(call, dict(NAMES))  # noqa: S307 (the call is the course author's, run in the sandbox)
        line = json.dumps({'value': plain(value)}, ensure_ascii=False)
    except BaseException as error:
        line = json.dumps({'error': own_lines(error)}, ensure_ascii=False)
    emit('result', str(i), line)

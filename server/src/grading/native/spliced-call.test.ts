import { staysInPlace } from './spliced-call';

// Run's custom call is spliced into the Java and Go harnesses' source: it must stay the one expression
// it is put in as, whatever its literals hold, or it is refused before anything compiles.
describe('a custom call that stays in its place', () => {
  it.each([
    ['java', 'Solution.greet("Боб")'],
    ['java', 'Solution.sum(new int[]{1, 2}, (int) 3.5)'],
    ['java', 'Solution.wrap(")}]", \'(\', "\\")")'],
    ['java', 'Solution.apply(x -> { return x + 1; }, 2)'],
    ['java', 'Solution.sum(1, /* two */ 2)'],
    ['java', 'Solution.greet("\\\\u0022")'],
    ['go', 'Greet("Боб")'],
    ['go', 'Sum([]int{1, 2}...)'],
    ['go', 'Wrap(`)}"`, \'}\', "\\"(")'],
    ['go', 'func() int { return Sum(1, 2) }()'],
  ] as const)('%s: %s', (language, call) => {
    expect(staysInPlace(call, language)).toBe(true);
  });

  it.each([
    ['java', 'Solution.greet("x")); } }; static { System.exit(1); } Object y = (("'],
    ['java', 'Solution.greet("x") // the rest of the line'],
    ['java', 'Solution.greet("x") /* unclosed'],
    ['java', 'Solution.greet("unclosed)'],
    ['java', 'Solution.sum(1, 2'],
    ['java', 'Solution.sum(1, 2]'],
    // javac reads \u escapes first: \u0022 closes the string, \u0029 is a bracket, \u000a a line break
    ['java', 'Solution.greet("\\u0022))")'],
    ['java', 'Solution.greet("x"\\u0029\\u0029'],
    ['java', 'Solution.greet("x")\\u000a'],
    ['java', 'Solution.greet("\\uZZZZ")'],
    ['go', 'Greet("x") }, func() any { return 1'],
    ['go', 'Greet(`raw)'],
    ['go', "Greet('\\'')) // x"],
    ['go', 'Greet("x")\n'],
  ] as const)('%s refuses: %s', (language, call) => {
    expect(staysInPlace(call, language)).toBe(false);
  });
});

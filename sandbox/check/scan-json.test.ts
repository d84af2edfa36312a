import { describe, expect, it } from 'vitest';
import { firstUnknownKey, jsonShapeProblem } from './scan-json.js';

describe('jsonShapeProblem', () => {
  it('finds nothing in JSON without repeated keys, whatever its strings and layout hold', () => {
    const text = JSON.stringify({ a: '{"a": 1, "a": 2}', b: [{ a: 1 }, { a: 2 }], 'c\\"': [[]] });
    expect(jsonShapeProblem(text)).toBeNull();
    expect(jsonShapeProblem('{ "a" : [ 1 , { "a" : "x\\\\" } ] , "b" : {} }')).toBeNull();
    expect(jsonShapeProblem('"just a string"')).toBeNull();
  });

  it('finds a repeated key and the path of its object', () => {
    expect(
      jsonShapeProblem('{"verdict":"eligible","reasons":[],"verdict":"disqualified"}'),
    ).toEqual({ kind: 'duplicate_key', key: 'verdict', path: '' });
    expect(jsonShapeProblem('{"seeds":[{"seed":0},{"seed":1,"set":{"f":1,"f":2}}]}')).toEqual({
      kind: 'duplicate_key',
      key: 'f',
      path: 'seeds.1.set',
    });
  });

  it('compares keys after decoding escapes', () => {
    expect(jsonShapeProblem('{"verdict":1,"verd\\u0069ct":2}')).toMatchObject({ key: 'verdict' });
    expect(jsonShapeProblem('{"a\\"b":1,"a\\u0022b":2}')).toMatchObject({ key: 'a"b' });
  });

  it('refuses nesting deeper than the limit, at any depth without recursion', () => {
    const nested = (n: number) => `{"x":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`;
    expect(jsonShapeProblem(nested(64))).toBeNull();
    expect(jsonShapeProblem(nested(65))).toEqual({ kind: 'too_deep', depth: 64 });
    expect(jsonShapeProblem(nested(200_000))).toEqual({ kind: 'too_deep', depth: 64 });
    expect(jsonShapeProblem('[[[1]]]', 2)).toEqual({ kind: 'too_deep', depth: 2 });
  });
});

describe('firstUnknownKey', () => {
  it('names the first key the read value does not have, at any level', () => {
    expect(firstUnknownKey({ a: 1, b: [{ c: 1 }] }, { a: 1, b: [{ c: 1 }], d: 0 })).toBeNull();
    expect(firstUnknownKey({ a: 1, x: 1, y: 2 }, { a: 1 })).toBe('x');
    expect(firstUnknownKey({ b: [{ c: 1 }, { c: 1, z: 1 }] }, { b: [{ c: 1 }, { c: 1 }] })).toBe(
      'b.1.z',
    );
    expect(firstUnknownKey(JSON.parse('{"__proto__":{}}'), {})).toBe('__proto__');
  });
});

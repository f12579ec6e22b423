// Property-based tests (fast-check) for the parsers and the guards: over many generated inputs,
// not a few chosen ones. escapeControls leaves no control a terminal acts on; redaction leaves no
// secret; JSONC with comments and trailing commas reads as the JSON it stands for, and any text at
// all either parses or is a config error naming the file; ${…} expands once, never recursively;
// argument words split at the first `=`; coercion keeps numbers and strings exact; URI template
// variables come back as themselves.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { getNodeValue } from 'jsonc-parser';
import { escapeControls, controlFreeJson } from '../src/output/escape.js';
import { MASK, Secrets, redactUrl } from '../src/redact.js';
import { parseDocument } from '../src/config/jsonc.js';
import { expandString, type InterpolationScope } from '../src/config/interpolate.js';
import { parseWord } from '../src/args/words.js';
import { coerceText } from '../src/args/coerce.js';
import { templateVariables } from '../src/args/template.js';
import { expandTemplate } from '../src/args/expand-template.js';
import { McpctlError } from '../src/errors.js';

/** Any text, half of it from the first 161 code points (C0, DEL, C1), the rest from all of Unicode. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.integer({ min: 0, max: 0xa0 }).map((c) => String.fromCharCode(c)),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 200,
});

// ---- escapeControls ----------------------------------------------------------------------------

/** What a terminal acts on: C0 but tab and newline, DEL, C1, and a carriage return not in \r\n. */
const ACTED_ON = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;

test('escapeControls: no text keeps a control a terminal acts on', () => {
  fc.assert(fc.property(anyText, (text) => !ACTED_ON.test(escapeControls(text))));
});

test('escapeControls: text without such controls is left exactly as it is', () => {
  const plain = anyText.map((t) => t.replace(new RegExp(ACTED_ON.source, 'g'), ''));
  fc.assert(fc.property(plain, (text) => escapeControls(text) === text));
});

test('escapeControls: each control becomes \\xHH of its own code point, in place', () => {
  const control = fc
    .integer({ min: 0, max: 0x9f })
    .filter((c) => (c < 0x20 && c !== 9 && c !== 10 && c !== 13) || c >= 0x7f);
  fc.assert(
    fc.property(fc.string(), control, fc.string(), (before, code, after) => {
      const hex = code.toString(16).padStart(2, '0');
      const escaped = escapeControls(`${before}${String.fromCharCode(code)}${after}`);
      return escaped === `${escapeControls(before)}\\x${hex}${escapeControls(after)}`;
    }),
  );
});

test('controlFreeJson: the same value to a JSON parser, with no raw control at all', () => {
  const json = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown);
  fc.assert(
    fc.property(json, (value) => {
      const text = controlFreeJson(value);
      assert.doesNotMatch(text, /[\u0000-\u001f\u007f-\u009f]/);
      assert.deepEqual(JSON.parse(text), value);
    }),
  );
});

// ---- redaction ---------------------------------------------------------------------------------

/** Secrets and the text around them from disjoint alphabets: a match is a secret, never a coincidence. */
const secret = fc.stringMatching(/^[A-Z0-9]{4,16}$/);
const filler = fc.stringMatching(/^[a-z ./:-]{0,12}$/);

function secretsOf(list: readonly string[]): Secrets {
  const secrets = new Secrets();
  for (const value of list) secrets.add(value);
  return secrets;
}

test('redact: no secret survives in any string, key or nesting of a report', () => {
  const secrets = fc.uniqueArray(secret, { minLength: 1, maxLength: 4 });
  fc.assert(
    fc.property(secrets, fc.array(fc.tuple(filler, fc.nat()), { minLength: 1, maxLength: 6 }), (list, parts) => {
      const text = parts.map(([f, i]) => `${f}${list[i % list.length]}`).join('');
      const report = { message: text, [text]: [text, { deeper: text }], count: 3 };
      const out = JSON.stringify(secretsOf(list).maskDeep(report));
      for (const s of list) assert.ok(!out.includes(s), `${s} survived in ${out}`);
      assert.ok(out.includes(MASK));
    }),
  );
});

/** Text of characters that no form of a secret (base64, percent-encoded, escaped) contains. */
const plainFiller = fc.stringMatching(/^[ .:;,!]{0,12}$/);

test('redact: a value without the secrets is unchanged', () => {
  fc.assert(
    fc.property(fc.uniqueArray(secret, { minLength: 1, maxLength: 4 }), plainFiller, (list, text) => {
      assert.deepEqual(secretsOf(list).maskDeep({ text, list: [text] }), { text, list: [text] });
    }),
  );
});

test('redactUrl: userinfo, query values and fragment hidden; scheme, host, path and query keys kept', () => {
  const word = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/);
  fc.assert(
    fc.property(
      fc.record({
        user: secret,
        password: fc.option(secret, { nil: undefined }),
        host: word,
        port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
        path: fc.array(word, { maxLength: 3 }),
        query: fc.array(fc.tuple(word, secret), { maxLength: 3 }),
        fragment: fc.option(secret, { nil: undefined }),
      }),
      (u) => {
        const userinfo = u.password === undefined ? u.user : `${u.user}:${u.password}`;
        const authority = `${u.host}.example${u.port === undefined ? '' : `:${u.port}`}`;
        const path = u.path.map((p) => `/${p}`).join('');
        const query = u.query.length ? `?${u.query.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
        const fragment = u.fragment === undefined ? '' : `#${u.fragment}`;
        const out = redactUrl(`https://${userinfo}@${authority}${path}${query}${fragment}`);
        for (const s of [u.user, u.password, u.fragment, ...u.query.map(([, v]) => v)])
          if (s !== undefined) assert.ok(!out.includes(s), `${s} survived in ${out}`);
        assert.ok(out.startsWith('https://'), out);
        assert.ok(out.includes(`@${authority}${path}`), out);
        for (const [k] of u.query) assert.ok(out.includes(`${k}=`), out);
      },
    ),
  );
});

// ---- JSONC config ------------------------------------------------------------------------------

/** JSON text of `value` with a comment on every line and a trailing comma after every last member. */
function asJsonc(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replace(/\n(\s*)([}\]])/g, ',\n$1$2')
    .replace(/\n/g, ' // a comment, as VS Code allows\n');
}

/** JSON objects as configs hold them (own keys only: a key like __proto__ is no config's). */
const jsonObject = fc
  .dictionary(
    fc.string().filter((k) => k !== '__proto__'),
    fc.jsonValue(),
    { maxKeys: 6 },
  )
  .map((v) => JSON.parse(JSON.stringify(v)) as Record<string, unknown>)
  .filter((v) => !JSON.stringify(v).includes('"__proto__"'));

test('parseDocument: JSON reads as itself; with comments and trailing commas, as the same value', () => {
  fc.assert(
    fc.property(jsonObject, (value) => {
      const strict = parseDocument('/c.json', JSON.stringify(value), 'c.json');
      assert.deepEqual(strict.value, value);
      const loose = parseDocument('/c.json', asJsonc(value), 'c.json');
      assert.ok(loose.root, 'a tree');
      // The tree's objects have no prototype (a key like __proto__ stays data): compare as JSON.
      assert.deepEqual(JSON.parse(JSON.stringify(getNodeValue(loose.root))), value);
    }),
  );
});

test('parseDocument: any text parses or is a config error at file:line:col, never another failure', () => {
  const text = fc.oneof(
    anyText,
    jsonObject.map((v) => asJsonc(v)),
    jsonObject.chain((v) => {
      const t = asJsonc(v);
      return fc.nat({ max: t.length }).map((cut) => t.slice(0, cut));
    }),
  );
  fc.assert(
    fc.property(text, (t) => {
      try {
        parseDocument('/c.json', t, 'c.json');
      } catch (err) {
        assert.ok(err instanceof McpctlError, `not a McpctlError: ${String(err)}`);
        assert.equal(err.exitCode, 2);
        assert.match(err.message, /^c\.json:\d+:\d+: /);
      }
    }),
  );
});

// ---- interpolation -----------------------------------------------------------------------------

function scope(env: Record<string, string>): InterpolationScope {
  return { env, builtins: {}, server: 's', shownAs: 'c.json', locations: {}, entryPath: '$.mcpServers.s' };
}
const varName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/);
/** Literal text around a reference: no `${` of its own. */
const literal = fc.string().filter((s) => !s.includes('${') && !s.endsWith('$'));

test('expandString: ${VAR}, ${env:VAR} and ${VAR:-default} give the value, once, never expanding it again', () => {
  fc.assert(
    fc.property(varName, fc.string(), literal, literal, (name, value, before, after) => {
      const s = scope({ [name]: value });
      assert.equal(expandString(`${before}\${${name}}${after}`, ['env'], s), `${before}${value}${after}`);
      assert.equal(expandString(`\${env:${name}}`, ['env'], s), value);
      const fallback = value === '' ? 'fallback' : value;
      assert.equal(expandString(`\${${name}:-fallback}`, ['env'], s), fallback);
    }),
  );
  // A value that holds a reference is the value, not the variable it names.
  assert.equal(expandString('${A}', ['env'], scope({ A: '${B}', B: 'secret' })), '${B}');
});

test('expandString: text without ${ is returned as it is; an unset variable is a config error naming it', () => {
  fc.assert(fc.property(literal, (text) => expandString(text, ['env'], scope({})) === text));
  fc.assert(
    fc.property(varName, (name) => {
      assert.throws(
        () => expandString(`\${${name}}`, ['env'], scope({})),
        (err: unknown) =>
          err instanceof McpctlError && err.exitCode === 2 && err.message.includes(`"${name}" is not set`),
      );
    }),
  );
});

// ---- argument words and coercion ---------------------------------------------------------------

/** An argument name: anything without `=` that does not end in `:` (which would mean :=). */
const argKey = fc.string({ minLength: 1 }).filter((k) => !k.includes('=') && !k.endsWith(':'));

test('parseWord: key=value splits at the first =, the value kept whole; := is raw; @ names a file', () => {
  fc.assert(
    fc.property(argKey, fc.string(), (key, value) => {
      const word = parseWord(`${key}=${value}`);
      if (value.startsWith('@') && !value.startsWith('@@') && value !== '@-') {
        if (value === '@') return assert.equal(word.kind, 'invalid');
        return assert.deepEqual(word, {
          kind: 'assign',
          word: `${key}=${value}`,
          key,
          raw: false,
          source: { kind: 'file', path: value.slice(1) },
        });
      }
      assert.equal(word.kind, 'assign');
      if (word.kind !== 'assign') return;
      assert.equal(word.key, key);
      assert.equal(word.raw, false);
      const expected =
        value === '@-' ? { kind: 'stdin' } : { kind: 'text', text: value.startsWith('@@') ? value.slice(1) : value };
      assert.deepEqual(word.source, expected);
      const raw = parseWord(`${key}:=${value}`);
      assert.ok(raw.kind === 'assign' && raw.raw && raw.key === key);
    }),
  );
});

test('parseWord: a word without = is invalid, naming the word', () => {
  fc.assert(
    fc.property(
      fc.string().filter((w) => !w.includes('=') && w !== '-'),
      (w) => {
        const word = parseWord(w);
        return word.kind === 'invalid' && word.problem.includes(`"${w}"`);
      },
    ),
  );
});

test('coerceText: integers and numbers arrive exactly; a string property takes any text as it is', () => {
  const integer = { type: 'integer' };
  const number = { type: 'number' };
  const string = { type: 'string' };
  fc.assert(
    fc.property(fc.maxSafeInteger(), (n) => {
      assert.deepEqual(coerceText(String(n), integer, integer), { ok: true, value: n });
    }),
  );
  fc.assert(
    fc.property(
      fc
        .double({ noNaN: true, noDefaultInfinity: true })
        .filter((d) => !Number.isInteger(d) || Number.isSafeInteger(d)),
      (d) => {
        const value = Object.is(d, -0) ? 0 : d;
        const got = coerceText(JSON.stringify(value), number, number);
        assert.deepEqual(got, { ok: true, value });
      },
    ),
  );
  fc.assert(fc.property(fc.string(), (t) => assert.deepEqual(coerceText(t, string, string), { ok: true, value: t })));
});

test('coerceText: an integer too large to send exactly is refused, not rounded', () => {
  const integer = { type: 'integer' };
  fc.assert(
    fc.property(fc.bigInt({ min: 2n ** 53n, max: 10n ** 30n }), (big) => {
      const got = coerceText(String(big), integer, integer);
      assert.equal(got.ok, false);
    }),
  );
});

// ---- URI templates -----------------------------------------------------------------------------

test('URI templates: variables are found in order, and each value comes back as itself', () => {
  const names = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), { minLength: 1, maxLength: 4 });
  const value = fc.string({ unit: 'grapheme', maxLength: 20 });
  fc.assert(
    fc.property(names, fc.array(value, { minLength: 4, maxLength: 4 }), (list, values) => {
      const template = `res://host/${list.map((n) => `{${n}}`).join('/')}{?extra}`;
      assert.deepEqual(templateVariables(template), [
        ...list.map((name) => ({ name, required: true })),
        { name: 'extra', required: false },
      ]);
      const given = Object.fromEntries(list.map((n, i) => [n, values[i] as string]));
      const uri = expandTemplate(template, given);
      const segments = uri.slice('res://host/'.length).split('/');
      assert.deepEqual(
        segments.map((s) => decodeURIComponent(s)),
        list.map((n) => given[n]),
        uri,
      );
    }),
  );
});

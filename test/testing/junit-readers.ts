// What CI systems make of a JUnit report, without any system tool: the Jenkins/Surefire XSD
// checked by libxml2 compiled to WebAssembly (xmllint-wasm), and the document as junit2json
// reads it (the shape GitHub and GitLab report actions work from).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { parse } from 'junit2json';
import { TESTING_FIXTURES } from '../helpers/test-project.js';

const XSD = readFileSync(path.join(TESTING_FIXTURES, 'junit.xsd'), 'utf8');

/** The schema's complaints about the document; empty when it is valid. */
export async function junitSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: XSD }],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

export interface ReadCase {
  name?: string;
  classname?: string;
  time?: number;
  failure?: { message?: string; inner?: string }[];
  error?: { message?: string; type?: string; inner?: string }[];
  skipped?: { message?: string }[];
  flakyFailure?: unknown[];
}

export interface ReadSuite {
  name?: string;
  tests?: number;
  failures?: number;
  errors?: number;
  skipped?: number;
  time?: number;
  testcase?: ReadCase[];
}

/** The report's suites as junit2json reads them. */
export async function readJunit(
  xml: string,
): Promise<{ tests?: number; failures?: number; errors?: number; testsuite?: ReadSuite[] }> {
  return (await parse(xml)) as never;
}

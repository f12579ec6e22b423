// The part of json-schema-merge-allof's API that diff uses (the package ships no types).

declare module 'json-schema-merge-allof' {
  interface MergeOptions {
    /** false: additionalProperties of one member limits the properties of the others, as JSON Schema says. */
    ignoreAdditionalProperties?: boolean;
  }
  export default function mergeAllOf(schema: object, options?: MergeOptions): unknown;
}

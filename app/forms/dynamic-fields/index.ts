/** The dynamic-field kit (decision 017): model, normaliser of both upstream shapes, schema, payload. */
export * from "./types";
export * from "./normalise";
export * from "./schema";
export * from "./values";
export * from "./parse";
export * from "./files";

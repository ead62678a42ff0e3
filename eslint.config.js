// ESLint 9 flat config (docs/decisions/051-lint-and-format.md). Prettier owns layout: no stylistic rules here.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The layers (issue 11 §4, issue 23 §4): each zone may not import from the directories in `from`. */
const layerZones = [
  { target: "./app/components", from: "./app/routes", message: "A component takes props: it imports nothing from a route module." },
  { target: "./app/services", from: ["./app/components", "./app/routes"], message: "A service imports nothing from a component or a route." },
  { target: "./app/lib", from: ["./app/components", "./app/routes"], message: "Infrastructure (app/lib) imports nothing from a component or a route." },
  { target: "./app/forms", from: ["./app/components", "./app/routes"], message: "A form schema imports nothing from a route or a component." },
  { target: "./app", from: "./sandbox", message: "The portal talks to the sandbox over HTTP only, never by import." },
  { target: "./sandbox", from: "./app", message: "The sandbox is the upstream: it never imports the portal." },
];

/** The UI kit's elements (decision 056): drawn only inside app/components/ui. */
const KIT_ELEMENTS = [
  {
    selector: "JSXOpeningElement[name.name='button']",
    message: "Draw buttons with the kit: <Button type=…> or <SubmitButton> from ~/components/ui (buttonClass() for a link that looks like one).",
  },
  {
    selector: "JSXOpeningElement[name.name=/^(input|select|textarea)$/]",
    message: "Draw form controls with the kit: <Input>, <HiddenInput>, <Select>, <Textarea> from ~/components/ui/Input.",
  },
  {
    selector: "JSXOpeningElement[name.name='table']",
    message: "Draw tables with the kit: <Table> from ~/components/ui/Table.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      // the service worker and its registration, written by the build (scripts/build-sw.mjs, decision 098)
      "public/sw.js",
      "public/sw-register.js",
      ".cache/",
      "sandbox/dist/",
      "sandbox/data/",
      "bench/bare/build/",
      "bench/bare/public/build/",
      "test-results/",
      "playwright-report/",
      "node_modules/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_`-prefixed arguments and destructured rests name what is deliberately left out.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true, caughtErrors: "none" }],
      // `let [a, b] = …` where only one of the two is reassigned stays one declaration.
      "prefer-const": ["error", { destructuring: "all" }],
    },
  },
  {
    // remix.env.d.ts is Remix's own template: its triple-slash references are how ambient types load.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
  {
    // Each sandbox store lists its tables in a TABLES constant, as documentation of what it owns.
    files: ["sandbox/src/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^(_|TABLES$)", ignoreRestSiblings: true, caughtErrors: "none" },
      ],
    },
  },
  {
    // Tests read untyped JSON from the sandbox; Playwright fixtures take `{}` and `testInfo` by position.
    files: ["tests/**/*.ts", "sandbox/test/**/*.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "no-empty-pattern": "off",
      "@typescript-eslint/no-unused-vars": ["error", { args: "none", varsIgnorePattern: "^_", ignoreRestSiblings: true, caughtErrors: "none" }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // import-x reads only .js modules unless told (no-restricted-paths below resolves the imports of these files).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // tsconfig.json's paths (`~/*` → app/*) and sandbox/tsconfig.json.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: ["tsconfig.json", "sandbox/tsconfig.json"], noWarnOnMultipleProjects: true })],
    },
    // No module may be part of an import cycle (issue 23 §2): checked by scripts/import-cycles.mjs over the
    // whole graph at once (`npm run lint`, `npm test`'s lint phase), not by `import-x/no-cycle`, which cost about
    // half of `eslint .` (decision 073).
  },
  {
    // Test files are left out of the layers (a service's test may drive a route's action).
    files: ["**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: layerZones }] },
  },
  {
    // Zod runs on the server, in app/forms (decision 023): a component may import its types only.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              allowTypeImports: true,
              regex: "^(zod|@conform-to/zod)(/.*)?$",
              message: "No zod schema in a component: schemas live in app/forms (type imports allowed).",
            },
          ],
        },
      ],
    },
  },
  {
    // The UI kit (issue 23 step 3, decision 056): every button is the kit's <Button> / <SubmitButton>, every
    // form control its <Input> / <HiddenInput> / <Select> / <Textarea>, every table its <Table>
    // (app/components/ui), which draw one look and the 24 px target; the raw elements live only inside the kit.
    files: ["app/**/*.tsx"],
    ignores: ["app/components/ui/**", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": ["error", ...KIT_ELEMENTS],
    },
  },
  {
    // One form path (issue 23 item 3, decision 074): an action reads its form through its zod schema
    // (`parseWithZod`; several forms as a union on `intent`), never field by field. The kit rules above apply
    // here too: a file's `no-restricted-syntax` is the last block's that names it.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...KIT_ELEMENTS,
        {
          selector: "CallExpression[callee.object.name='formData'][callee.property.name=/^(get|getAll|has)$/]",
          message:
            "Read a form through its zod schema: parseWithZod(formData, { schema }) (a union on `intent` for several forms; a factory when it depends on loaded data).",
        },
      ],
    },
  },
  {
    // Browser-only code (*.client.ts) never reaches the server bundle's modules, and the reverse.
    files: ["**/*.server.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ allowTypeImports: true, regex: "\\.client(\\.tsx?)?$", message: "A *.server module never imports browser-only code (*.client)." }] },
      ],
    },
  },
  {
    files: ["**/*.client.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ allowTypeImports: true, regex: "\\.server(\\.tsx?)?$", message: "Browser-only code (*.client) never imports a *.server module." }] },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    // jsx-a11y checks the kit's controls as the elements they draw (label association, autocomplete, …).
    settings: {
      react: { version: "18.3" },
      "jsx-a11y": { components: { Input: "input", HiddenInput: "input", Select: "select", Textarea: "textarea", Table: "table", Button: "button" } },
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // TypeScript checks props; propTypes would duplicate it.
      "react/prop-types": "off",
      // The live and replay rooms are the school's own pages: they keep the Referer, `noopener` is enough.
      "react/jsx-no-target-blank": ["error", { allowReferrer: true }],
      // The upstream's lesson, resource and answer-analysis videos carry no caption tracks (spec 000): nothing to point a <track> at.
      "jsx-a11y/media-has-caption": "off",
      // The SMS code field takes the focus once the code is sent, which is where the user types next.
      "jsx-a11y/no-autofocus": "off",
      // `href=""` (retry: reload this page, without JS too) and the side bar's `#` anchors are deliberate; reported, not fatal.
      "jsx-a11y/anchor-is-valid": "warn",
      // A dialog's backdrop closes it on click; the keyboard closes it with Escape. Reported, not fatal.
      "jsx-a11y/click-events-have-key-events": "warn",
      "jsx-a11y/no-noninteractive-element-interactions": "warn",
      // A scrollable table region takes the focus so keyboard users can scroll it (axe's scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"], tags: [] }],
    },
  },
);

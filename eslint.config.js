// Lint for the whole repository (`npm run lint`, part of `npm test`): ESLint's and
// typescript-eslint's recommended rules, React's hooks rules and jsx-a11y. No warnings allowed.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".wrangler/", "node_modules/", "test-results/", "playwright-report/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      // `_name` marks a value left out on purpose; so does naming it next to a `...rest`.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // `declare global { namespace Cloudflare { … } }` is how Workers types are extended.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
    },
  },
  // React's rules where React runs (Playwright's fixtures also call a function named `use`).
  { files: ["app/**/*.{ts,tsx}"], ...reactHooks.configs.flat.recommended },
  { files: ["app/**/*.{ts,tsx}"], ...jsxA11y.flatConfigs.recommended },
  {
    // Playwright fixtures that need none of the others are written `async ({}, use) => …`.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // Tests read JSON answers and raw rows loosely, field by field.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Numbers from forms are decimal text or refused: z.coerce reads "0x10" as 16 and "1e3" as 1000.
    files: ["worker/**/*.ts", "shared/**/*.ts", "app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='z'][property.name='coerce']", message: "Use decimal() from worker/validation/common.ts." },
      ],
    },
  },
);

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
    // Links come from app/components/Link.tsx, which writes plain anchors on the server (ADR 017).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/Link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "react-router", importNames: ["Link"], message: "Import Link from app/components/Link.tsx (ADR 017)." },
            // Pages are rendered by React's Node renderer, which writes the HTML into buffers (ADR 049).
            ...["react-dom/server", "react-dom/server.edge", "react-dom/server.browser"].map((name) => ({
              name,
              message: "Render with react-dom/server.node (ADR 049).",
            })),
          ],
        },
      ],
    },
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

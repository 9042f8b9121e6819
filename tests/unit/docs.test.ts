import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The documents name files of the repository (`app/models/payment.server.ts`, links to other
 * documents): each must exist, so a rename or a deleted module cannot leave a guide pointing at
 * nothing. Checked: README.md, every Markdown file under docs/ and the READMEs under app/.
 */
const root = path.resolve(__dirname, "../..");

function markdownUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownUnder(full);
    return name.endsWith(".md") ? [full] : [];
  });
}

const documents = [path.join(root, "README.md"), ...markdownUnder(path.join(root, "docs")), ...markdownUnder(path.join(root, "app"))];

/** Top folders of the repository a path in backticks may start with (build output and data are not in it). */
const REPO_FOLDERS = ["app", "server", "scripts", "tests", "docs", "supabase", "public", ".ci"];
const PATH_IN_BACKTICKS = new RegExp(`^(?:${REPO_FOLDERS.map((f) => f.replace(".", "\\.")).join("|")})/[\\w.\\-/\\[\\]$*{},]*$`);
const MIGRATION = /^\d{14}_[\w-]+\.sql$/;

/** `a/{b,c}/d` → `a/b/d`, `a/c/d`; a placeholder without a comma (`{namespace}`) is a wildcard. */
function expandBraces(text: string): string[] {
  const match = /\{([^{}]*)\}/.exec(text);
  if (match && !match[1]!.includes(",")) return expandBraces(text.replace(match[0], "*"));
  if (!match) return [text];
  return match[1]!.split(",").flatMap((part) => expandBraces(text.slice(0, match.index) + part + text.slice(match.index + match[0].length)));
}

export interface NamedPath {
  /** As written. */
  text: string;
  /** Repository-relative paths it stands for (a glob: the folder before its first `*`). */
  resolved: string[];
}

/** The repository paths a document names: Markdown link targets and paths in backticks. */
export function namedPaths(markdown: string, documentPath: string): NamedPath[] {
  const found: NamedPath[] = [];
  const documentDir = path.dirname(path.relative(root, documentPath));
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(?:[a-z]+:|#)/i.test(target!)) continue;
    const file = target!.split("#")[0]!;
    found.push({ text: target!, resolved: [path.normalize(path.join(documentDir, file))] });
  }
  for (const [, code] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const text = code!.trim();
    if (MIGRATION.test(text)) {
      found.push({ text, resolved: [path.join("supabase/migrations", text)] });
    } else if (PATH_IN_BACKTICKS.test(text)) {
      const resolved = expandBraces(text).map((one) => {
        const wildcard = one.indexOf("*");
        return wildcard === -1 ? one : one.slice(0, one.lastIndexOf("/", wildcard));
      });
      found.push({ text, resolved: resolved.map((one) => one.replace(/\/$/, "")) });
    }
  }
  return found;
}

describe("documents", () => {
  it("finds the paths a document names (links, paths in backticks, migrations, braces and globs)", () => {
    const sample = [
      "See [the guide](docs/operations.md#backups) and [a site](https://example.com).",
      "The model `app/models/payment.server.ts`, the texts `app/locales/{de,ar}/*.json`,",
      "migration `20261129000000_search.sql`, a variable `DATA_DIR/pglite` and a URL `/products/{id}`.",
    ].join("\n");
    const named = namedPaths(sample, path.join(root, "README.md"));
    expect(named.flatMap((one) => one.resolved)).toEqual([
      "docs/operations.md",
      "app/models/payment.server.ts",
      "app/locales/de",
      "app/locales/ar",
      "supabase/migrations/20261129000000_search.sql",
    ]);
    // A path that does not exist is caught by the check below.
    const missing = namedPaths("`app/models/no-such-model.server.ts`", path.join(root, "README.md"))[0]!;
    expect(existsSync(path.join(root, missing.resolved[0]!))).toBe(false);
  });

  it("names only files and folders that exist", () => {
    expect(documents.length).toBeGreaterThan(5);
    const broken = documents.flatMap((document) =>
      namedPaths(readFileSync(document, "utf8"), document)
        .filter((named) => named.resolved.some((one) => !existsSync(path.join(root, one))))
        .map((named) => `${path.relative(root, document)}: ${named.text}`),
    );
    expect(broken).toEqual([]);
  });

  it("keeps the README short: what the shop is, the two commands, configuration, where to read on", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    for (const guide of ["architecture", "operations", "adding-a-language", "adding-a-payment-method"]) {
      expect(readme).toContain(`docs/${guide}.md`);
    }
  });
});

/** The part of a Rolldown output chunk this plugin reads. */
type Chunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type Output = Chunk | { type: 'asset'; fileName: string };
type HtmlContext = { bundle?: Record<string, Output>; chunk?: Chunk };

/** A chunk and every chunk it imports statically, its dependencies first. */
function withImports(bundle: Record<string, Output>, fileName: string, into: Set<string>): void {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || into.has(fileName)) return;
  for (const imported of chunk.imports) withImports(bundle, imported, into);
  into.add(fileName);
}

/**
 * A Vite plugin for what the first screen needs beyond the entry: the lazy chunks of the modules whose
 * path ends with one of `moduleSuffixes` (the start page, the default locale's strings), preloaded from
 * index.html so the browser fetches them with the entry instead of after it has run (the entry's own
 * imports are preloaded by Vite already and are not repeated). Their stylesheets are linked too: the
 * lazy import waits for them before the page renders, so fetching them only once the entry has run added a
 * round trip before the first paint (Vite's loader finds the links already there and does not fetch again).
 */
export function preloadFirstScreen(moduleSuffixes: readonly string[]) {
  return {
    name: 'bolsa-preload-first-screen',
    apply: 'build' as const,
    transformIndexHtml: {
      order: 'post' as const,
      handler(html: string, context: HtmlContext) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return html;
        const already = new Set<string>();
        withImports(bundle, entry.fileName, already);
        const wanted = new Set<string>();
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.facadeModuleId) continue;
          const id = output.facadeModuleId;
          if (moduleSuffixes.some((suffix) => id.endsWith(suffix))) withImports(bundle, output.fileName, wanted);
        }
        const chunks = [...wanted].filter((fileName) => !already.has(fileName));
        const styles = new Set<string>();
        for (const fileName of chunks) {
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        }
        const links = [
          ...[...styles].map((fileName) => `    <link rel="stylesheet" crossorigin href="./${fileName}">`),
          ...chunks.map((fileName) => `    <link rel="modulepreload" crossorigin href="./${fileName}">`),
        ];
        return links.length === 0 ? html : html.replace(/\n\s*<\/head>/, `\n${links.join('\n')}\n  </head>`);
      },
    },
  };
}

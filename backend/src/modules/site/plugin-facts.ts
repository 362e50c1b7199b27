/** The plugin release the site currently describes (docs, API contract, footer). */
export const PLUGIN_FACTS = {
  id: 'systemsculpt-ai',
  name: 'SystemSculpt AI',
  version: '6.3.2',
  minimumObsidianVersion: '1.7.2',
} as const;

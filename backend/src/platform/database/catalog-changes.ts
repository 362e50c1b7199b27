/**
 * The channel every change to the catalog (`resources`) notifies on commit, by a trigger (migration
 * 20261125120000), whoever makes it: what an api process built from the catalog (its lists, the
 * signed-out pages) is dropped when it hears one.
 */
export const CATALOG_CHANGES_CHANNEL = 'catalog_changes';

/** A reference entry's `name` from its label: lower case, words joined by '_' ('Tree nuts' → 'tree_nuts'). */
export const referenceName = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

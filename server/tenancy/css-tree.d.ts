// css-tree's main entry loads its grammar data; the style sheet lint imports only the
// tokenizer and the decoders, from subpaths @types/css-tree does not declare.
declare module 'css-tree/tokenizer' {
  export { OffsetToLocation, tokenize, tokenTypes } from 'css-tree';
}
declare module 'css-tree/utils' {
  export { ident, string, url } from 'css-tree';
}

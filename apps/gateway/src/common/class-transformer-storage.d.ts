// class-transformer ships its metadata storage as `cjs/storage` and its types under `types/`.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}

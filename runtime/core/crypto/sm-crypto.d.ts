/**
 * Types of the one part of sm-crypto 0.3 the suite uses: SM4 from its own module file, so the
 * browser bundle does not carry SM2 and its big-number library. sm-crypto ships no types.
 */
declare module 'sm-crypto/src/sm4/index.js' {
  export interface Sm4Options {
    padding?: 'pkcs#7' | 'pkcs#5' | 'none';
    mode?: 'cbc';
    iv?: string | number[];
    output?: 'string' | 'array';
  }
  /** Encrypts UTF-8 text (or bytes); answers lower-case hex unless `output: 'array'`. */
  export function encrypt(input: string | number[], key: string | number[], options?: Sm4Options): string;
  /** Decrypts hex (or bytes); answers UTF-8 text unless `output: 'array'`. Throws on a bad padding. */
  export function decrypt(input: string | number[], key: string | number[], options?: Sm4Options): string;
  const sm4: { encrypt: typeof encrypt; decrypt: typeof decrypt };
  export default sm4;
}

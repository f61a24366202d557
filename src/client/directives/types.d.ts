import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates on first interaction; `"signed-in"` also as soon as the page knows a visitor is signed in. */
    'client:interaction'?: boolean | 'signed-in';
  }
}

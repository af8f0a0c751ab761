/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The locale used when the user has chosen none; Spanish unless set. An empty value defers to the browser. */
  readonly VITE_DEFAULT_LOCALE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

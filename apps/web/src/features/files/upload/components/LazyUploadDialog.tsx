import { lazy } from 'react';

/** The upload dialog, loaded when it first opens: the pages that offer it stay small. */
export const LazyUploadDialog = lazy(async () => ({
  default: (await import('./UploadDialog')).UploadDialog,
}));

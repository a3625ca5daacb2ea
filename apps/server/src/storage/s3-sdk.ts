import type * as S3 from '@aws-sdk/client-s3';
import type * as S3Uploads from '@aws-sdk/lib-storage';
import type * as S3Presigner from '@aws-sdk/s3-request-presigner';
import { optionalPackage } from '../optional-package.js';

/** The AWS SDK, loaded when an S3 store is made (only with STORAGE_URL=s3://…). */
export const loadS3Sdk = optionalPackage<typeof S3>('@aws-sdk/client-s3');

/** Its multipart uploads, loaded with the first big file put to S3. */
export const loadS3Uploads = optionalPackage<typeof S3Uploads>('@aws-sdk/lib-storage');

/** Its signed links (S3 downloads handed to the browser), loaded with the first one. */
export const loadS3Presigner = optionalPackage<typeof S3Presigner>('@aws-sdk/s3-request-presigner');

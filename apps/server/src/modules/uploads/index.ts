import { defineModule } from '../../platform/module.ts';
import { registerUploadOperatorRoutes } from './uploads.operator.ts';
import { registerUploadRoutes } from './uploads.routes.ts';
import { createUploadsService } from './uploads.service.ts';

export { registerUploadRoutes } from './uploads.routes.ts';
export { createUploadsService, sniffImageType, type UploadsService } from './uploads.service.ts';

/** Images users upload (identity documents, deposit receipts), served to their owner and operators only. */
export const uploads = defineModule({
  name: 'uploads',
  needs: [],
  create: ({ platform: { database, storage } }) => createUploadsService({ db: database.db, storage }),
  userRoutes: (web, uploads, { platform: { config } }) => registerUploadRoutes(web, uploads, { sizeMaxBytes: config.uploadSizeMaxBytes }),
  operatorRoutes: (operatorApi, uploads) => registerUploadOperatorRoutes(operatorApi, uploads),
});

export { registerUploadRoutes } from './uploads.routes.ts';
export { createUploadsService, sniffImageType, type UploadsService } from './uploads.service.ts';

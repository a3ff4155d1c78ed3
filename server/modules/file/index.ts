import { registerAttachmentReader } from '../../files/attachmentAccess';
import type { ServerModule } from '../ServerModule';
import { registerConfigUploads } from './configUploads';
import { seedFileDemoData } from './fileDemoData';
import { registerNetDiskCalls } from './netDiskCalls';
import { netDiskItemHook } from './netDiskItemHook';
import { netDiskShareHook, registerShareCalls } from './netDiskShares';
import { registerPublicCabinetCalls } from './publicCabinetCalls';
import { readablePublicAttachments } from './publicFolderAccess';
import { registerRegulationReading } from './regulationReading';
import { registerShareCodeCalls } from './shareCodeCalls';
import { hashClearShareCodes, netDiskShareDeleteHook } from './shareCodes';

/** 文档中心: network disk and share links, file cabinets, regulation files, the configuration's image uploads (schemas/file). */
export const fileModule: ServerModule = {
  name: 'file',
  beforeWrite: { NetDiskItem: netDiskItemHook, NetDiskShare: netDiskShareHook },
  beforeDelete: { NetDiskShare: netDiskShareDeleteHook },
  registerCalls(table) {
    registerNetDiskCalls(table);
    registerShareCalls(table);
    registerShareCodeCalls(table);
    registerPublicCabinetCalls(table);
    registerRegulationReading(table);
    registerConfigUploads(table);
    // Public cabinet files are read by folder grants (published regulations' by their reading rule: regulationReading.ts).
    registerAttachmentReader(readablePublicAttachments);
  },
  seedDemoData: seedFileDemoData,
  // Share codes an older version kept in clear, hashed once (shareCodes.ts).
  upgradeData: hashClearShareCodes,
};

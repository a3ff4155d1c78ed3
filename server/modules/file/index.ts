import { registerAttachmentReader } from '../../files/attachmentAccess';
import type { ServerModule } from '../ServerModule';
import { registerConfigUploads } from './configUploads';
import { seedFileDemoData } from './fileDemoData';
import { registerNetDiskCalls } from './netDiskCalls';
import { netDiskItemHook } from './netDiskItemHook';
import { netDiskShareHook, registerShareCalls } from './netDiskShares';
import { registerPublicCabinetCalls } from './publicCabinetCalls';
import { readablePublicAttachments } from './publicFolderAccess';
import { readablePublishedAttachments, registerRegulationReading } from './regulationReading';

/** 文档中心: network disk and share links, file cabinets, regulation files, the configuration's image uploads (schemas/file). */
export const fileModule: ServerModule = {
  name: 'file',
  beforeWrite: { NetDiskItem: netDiskItemHook, NetDiskShare: netDiskShareHook },
  registerCalls(table) {
    registerNetDiskCalls(table);
    registerShareCalls(table);
    registerPublicCabinetCalls(table);
    registerRegulationReading(table);
    registerConfigUploads(table);
    // Public cabinet files are read by folder grants, published regulations by everyone of the unit.
    registerAttachmentReader(readablePublicAttachments);
    registerAttachmentReader(readablePublishedAttachments);
  },
  seedDemoData: seedFileDemoData,
};

import type { TableSpec } from './tableSpecs';
import { BPM_TABLES } from '../modules/bpm/bpmTables';
import { DESIGN_TABLES } from '../design/designTables';
import { FILE_TABLES } from '../modules/file/fileTables';
import { CALENDAR_TABLES } from '../modules/calendar/calendarTables';

/**
 * Tables the server needs that are not business entities: they must never be reachable through
 * the generic entity calls (password hashes, session tokens, raw file paths).
 */
export const SYSTEM_TABLES: TableSpec[] = [
  {
    table: 'sys_credential', key: 'userId',
    columns: [
      { name: 'userId', type: 'text' }, { name: 'passwordHash', type: 'text' }, { name: 'updateTime', type: 'text' },
    ],
    indexes: [],
  },
  {
    // A password the system issued (new or initialised account) and the user has not yet changed (server/people).
    table: 'sys_initial_password', key: 'userId',
    columns: [{ name: 'userId', type: 'text' }, { name: 'passwordHash', type: 'text' }, { name: 'createTime', type: 'text' }],
    indexes: [],
  },
  {
    table: 'sys_session', key: 'tokenHash',
    columns: [
      { name: 'tokenHash', type: 'text' }, { name: 'userId', type: 'text' }, { name: 'createTime', type: 'text' },
      { name: 'expiresAt', type: 'integer' }, { name: 'ip', type: 'text' }, { name: 'userAgent', type: 'text' },
      { name: 'loginAs', type: 'text' }, { name: 'parentTokenHash', type: 'text' },
    ],
    indexes: [{ name: 'ix_sys_session_userId', columns: ['userId'], unique: false }],
  },
  {
    table: 'sys_attach', key: 'attachId',
    columns: [
      { name: 'attachId', type: 'text' }, { name: 'name', type: 'text' }, { name: 'extName', type: 'text' },
      { name: 'fileSize', type: 'integer' }, { name: 'storedPath', type: 'text' }, { name: 'module', type: 'text' },
      { name: 'contentType', type: 'text' }, { name: 'createUser', type: 'text' }, { name: 'unitId', type: 'text' },
      { name: 'createTime', type: 'text' },
    ],
    indexes: [{ name: 'ix_sys_attach_createUser', columns: ['createUser'], unique: false }],
  },
  {
    // Which records hold which file (server/files/attachmentLinks.ts): a file is readable through them.
    table: 'sys_attach_link', key: 'linkId',
    columns: [
      { name: 'linkId', type: 'text' }, { name: 'attachId', type: 'text' }, { name: 'entity', type: 'text' }, { name: 'recordId', type: 'text' },
    ],
    indexes: [
      { name: 'ix_sys_attach_link_attach', columns: ['attachId'], unique: false },
      { name: 'ix_sys_attach_link_record', columns: ['entity', 'recordId'], unique: false },
    ],
  },
  {
    table: 'sys_flow_log', key: 'logId',
    columns: [
      { name: 'logId', type: 'text' }, { name: 'entity', type: 'text' }, { name: 'recordId', type: 'text' },
      { name: 'transition', type: 'text' }, { name: 'fromState', type: 'text' }, { name: 'toState', type: 'text' },
      { name: 'userId', type: 'text' }, { name: 'opinion', type: 'text' }, { name: 'createTime', type: 'text' },
      // How the decision was confirmed (password / sms; null: no signing settings) and the
      // signature image it was signed with (server/signature).
      { name: 'verifyMethod', type: 'text' }, { name: 'signImage', type: 'text' },
    ],
    indexes: [{ name: 'ix_sys_flow_log_record', columns: ['entity', 'recordId'], unique: false }],
  },
  {
    table: 'sys_user_setting', key: 'settingId',
    columns: [
      { name: 'settingId', type: 'text' }, { name: 'userId', type: 'text' }, { name: 'settingKey', type: 'text' },
      { name: 'value', type: 'text' }, { name: 'updateTime', type: 'text' },
    ],
    indexes: [{ name: 'ux_sys_user_setting', columns: ['userId', 'settingKey'], unique: true }],
  },
  {
    // Saved common filters of the list filter drawer, per user and list (server/system/savedFilterCalls.ts).
    table: 'sys_common_filter', key: 'filterId',
    columns: [
      { name: 'filterId', type: 'text' }, { name: 'userId', type: 'text' }, { name: 'filterKey', type: 'text' },
      { name: 'title', type: 'text' }, { name: 'filterObj', type: 'text' }, { name: 'createTime', type: 'text' },
      { name: 'updateTime', type: 'text' },
    ],
    indexes: [{ name: 'ux_sys_common_filter_title', columns: ['userId', 'filterKey', 'title'], unique: true }],
  },
  // Account area (server/account): one-time secrets, send throttling, registration passwords, licences.
  {
    // SMS codes ('login', 'retrieve') and reset tickets ('ticket'): only hashes are kept.
    table: 'sys_verification', key: 'verificationId',
    columns: [
      { name: 'verificationId', type: 'text' }, { name: 'purpose', type: 'text' }, { name: 'target', type: 'text' },
      { name: 'userId', type: 'text' }, { name: 'secretHash', type: 'text' }, { name: 'expiresAt', type: 'integer' },
      { name: 'attempts', type: 'integer' }, { name: 'usedAt', type: 'integer' }, { name: 'createTime', type: 'text' },
    ],
    indexes: [{ name: 'ix_sys_verification_target', columns: ['purpose', 'target'], unique: false }],
  },
  {
    // One row per send request (sent or not), the basis of the per-phone and per-IP limits.
    table: 'sys_send_log', key: 'sendId',
    columns: [
      { name: 'sendId', type: 'text' }, { name: 'kind', type: 'text' }, { name: 'target', type: 'text' },
      { name: 'ip', type: 'text' }, { name: 'sentAt', type: 'integer' },
    ],
    indexes: [
      { name: 'ix_sys_send_log_target', columns: ['kind', 'target', 'sentAt'], unique: false },
      { name: 'ix_sys_send_log_ip', columns: ['kind', 'ip', 'sentAt'], unique: false },
    ],
  },
  {
    // The password a pending registration chose; moves to sys_credential when it is approved.
    table: 'sys_registration_credential', key: 'registrationId',
    columns: [{ name: 'registrationId', type: 'text' }, { name: 'passwordHash', type: 'text' }, { name: 'createTime', type: 'text' }],
    indexes: [],
  },
  {
    // Installed software registration files; the newest one counts.
    table: 'sys_license', key: 'licenseId',
    columns: [
      { name: 'licenseId', type: 'text' }, { name: 'unit', type: 'text' }, { name: 'expires', type: 'text' },
      { name: 'content', type: 'text' }, { name: 'uploadUser', type: 'text' }, { name: 'createTime', type: 'text' },
    ],
    indexes: [],
  },

  {
    table: 'sys_code_sequence', key: 'seqId',
    columns: [
      { name: 'seqId', type: 'text' }, { name: 'ruleCode', type: 'text' }, { name: 'period', type: 'text' },
      { name: 'value', type: 'integer' },
    ],
    indexes: [],
  },
  {
    table: 'sys_job_lock', key: 'lockId',
    columns: [{ name: 'lockId', type: 'text' }, { name: 'node', type: 'text' }, { name: 'createTime', type: 'text' }],
    indexes: [],
  },
  {
    // System-wide settings every process reads (maintenance mode), one JSON value per key.
    table: 'sys_setting', key: 'settingKey',
    columns: [{ name: 'settingKey', type: 'text' }, { name: 'value', type: 'text' }, { name: 'updateTime', type: 'text' }],
    indexes: [],
  },
  // The workflow engine's instances, tasks and audit (server/modules/bpm).
  ...BPM_TABLES,
  ...DESIGN_TABLES,
  // Share links' access codes, hashed (server/modules/file/shareCodes.ts).
  ...FILE_TABLES,
  // Which occurrences of calendar entries have been reminded (server/modules/calendar/calendarReminders.ts).
  ...CALENDAR_TABLES,
];

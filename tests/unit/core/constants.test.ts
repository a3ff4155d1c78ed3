import { describe, expect, it } from 'vitest';
import * as C from '../../../runtime/core/constants';

describe('constants of spec/shell.md §9 in one typed module', () => {
  it('table, paged select and filter drawer', () => {
    expect(C.TABLE_PAGE_SIZE).toBe(15);
    expect(C.TABLE_PAGE_SIZES).toEqual([15, 30, 45, 60, 75]);
    expect(C.TABLE_PAGINATION_LAYOUT.join(', ')).toBe('total, sizes, prev, pager, next, jumper');
    expect(C.TABLE_SIZES).toEqual(['large', 'default', 'small']);
    expect(C.SELECT_PAGE_SIZE).toBe(15);
    expect(C.SELECT_TABLE_HEIGHT).toBe(245);
    expect(C.SELECT_TABLE_WIDTH).toBe(400);
    expect(C.FILTER_DRAWER_WIDTH).toBe(650);
    expect(C.REMOTE_OPTIONS_DELAY_MS).toBe(50);
  });

  it('dialogs, pop-ups, upload box and z-index', () => {
    expect(C.DIALOG_DEFAULT_WIDTH).toBe('600px');
    expect([C.POPUP_WIDTH, C.POPUP_HEIGHT]).toEqual([1200, 800]);
    expect(C.UPLOAD_BOX_SIZE).toBe(148);
    expect(C.ELEMENT_Z_INDEX).toBe(2000);
  });

  it('uploads: 100 MB and the extension groups', () => {
    expect(C.MAX_UPLOAD_MB).toBe(100);
    expect(C.MAX_UPLOAD_BYTES).toBe(100 * 1024 * 1024);
    expect(C.EXTENSION_GROUPS).toEqual({
      documents: ['doc', 'docx', 'dot', 'wps', 'wpt'],
      spreadsheets: ['xlsx', 'xls', 'et', 'ett', 'xlt'],
      presentations: ['ppt', 'pptx', 'dpt', 'dps', 'pot', 'pps'],
      pdfAndOfd: ['pdf', 'ofd'],
      images: ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'tif', 'webp'],
      video: ['mp4', 'mkv', 'mov', 'flv', 'avi', 'wmv'],
      audio: ['wav', 'mp3', 'ogg'],
    });
    expect([...C.IMAGE_UPLOAD_EXTENSIONS].sort()).toEqual(['gif', 'jpeg', 'jpg', 'png']);
    expect(C.SINGLE_IMAGE_MAX_COUNT).toBe(1);
  });

  it('token header, encryption default and lifetimes', () => {
    expect(C.TOKEN_HEADER).toBe('Authorization');
    expect(C.TOKEN_PREFIX).toBe('Bearer');
    expect(C.DEFAULT_ENCRYPTION_TYPE).toBe(0);
    expect(C.TOKEN_COOKIE_SECONDS).toBe(86400);
    expect(C.SHOP_SESSION_SECONDS).toBe(1800);
    expect(C.B2B_TOKEN_MARKER_SECONDS).toBe(600);
    expect(C.SHOP_TOKEN_COOKIE_SECONDS).toBe(1500);
  });

  it('relative time, date format, debounce and time-outs', () => {
    expect(C.RELATIVE_TIME_REFRESH_MS).toBe(60_000);
    expect(C.RELATIVE_TIME_MAX_DAYS).toBe(31);
    expect(C.DEFAULT_DATE_FORMAT).toBe('yyyy-MM-dd hh:mm:ss');
    expect(C.RESIZE_DEBOUNCE_MS).toBe(16);
    expect(C.PAGE_CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(C.REQUEST_TIMEOUT_MS).toBe(300_000);
  });

  it('product defaults, distance, roleFlag and statistics types', () => {
    expect(C.DEFAULT_THEME_COLOR).toBe('#00C6AE');
    expect(C.DEFAULT_APP_LANGUAGE).toBe('zh-cn');
    expect(C.APP_LANGUAGES).toEqual(['zh-cn', 'en']);
    expect(C.VERSION_LABEL).toBe('V3.1');
    expect(C.EARTH_RADIUS_M).toBe(6378137);
    expect(C.NO_DISTANCE_LIMIT).toBe(0);
    expect(C.ATTACHMENT_ROLE_FLAG).toEqual({ preview: 3, download: 3, delete: 4, redHeader: 5 });
    expect([C.DEFAULT_DETAILS_ROLE_FLAG, C.DEFAULT_FORM_ROLE_FLAG]).toEqual([3, 4]);
    expect(C.STATISTICS_TYPES).toEqual({ none: 0, year: 1, month: 2 });
    expect(C.LOGIN_AS_ACCOUNT).toBe('admin');
  });

  it('are the values the existing code uses', async () => {
    const { PAGE_SIZE, PAGE_SIZE_OPTIONS } = await import('../../../runtime/react/index/listQuery');
    const { SELECT_PAGE_SIZE, REMOTE_OPTIONS_DELAY_MS } = await import('../../../runtime/react/form/widgets/usePagedOptions');
    const { PAGE_SIZE_DEFAULT } = await import('../../../server/entity/listQuery');
    const { readConfig } = await import('../../../server/config');
    expect([PAGE_SIZE, PAGE_SIZE_OPTIONS]).toEqual([C.TABLE_PAGE_SIZE, C.TABLE_PAGE_SIZES]);
    expect([SELECT_PAGE_SIZE, REMOTE_OPTIONS_DELAY_MS]).toEqual([15, 50]);
    expect(PAGE_SIZE_DEFAULT).toBe(15);
    const config = readConfig({});
    expect(config.sessionSeconds).toBe(C.TOKEN_COOKIE_SECONDS);
    expect(config.maxUploadBytes).toBe(C.MAX_UPLOAD_BYTES);
  });
});

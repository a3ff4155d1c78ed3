import { EntityIndexPage } from '../../../../runtime/react';

/** The diary page of the menu (officeDiary): the rows of these lists open on its details screen. */
const DIARY_PATH = '/office/diary/index';

/** 共享给我的: colleagues' diaries that name the reader among their share users (getOfficeDiaryShareList). */
export function SharedDiariesPage() {
  return <EntityIndexPage entity="OfficeDiary" basePath={DIARY_PATH} listCall="getOfficeDiaryShareList" title="menu.officeDiaryShared" />;
}

/** 下属日志: the diaries of the departments the reader leads, and those below them (getOfficeDiarySubordinateList). */
export function SubordinateDiariesPage() {
  return <EntityIndexPage entity="OfficeDiary" basePath={DIARY_PATH} listCall="getOfficeDiarySubordinateList" title="menu.officeDiarySubordinate" />;
}

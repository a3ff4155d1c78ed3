import { ConfigProvider } from 'antd';
import { useContext } from 'react';

/** Class put on the table's paginator so the rules below touch no other paginator. */
export const SPEC_PAGINATION_CLASS = 'runtime-spec-pagination';

/**
 * antd lays a paginator out as total, prev, pager, next, sizes+jumper; the spec (§9) wants
 * total, sizes, prev, pager, next, jumper. The paginator is a flex row, so letting the options
 * item's children join that row and ordering two of them reaches the spec's order while keeping
 * antd's own elements (and class names) intact.
 */
export function SpecPaginationOrder() {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('pagination');
  const root = `.${SPEC_PAGINATION_CLASS}.${prefix}`;
  const css = [
    `${root} .${prefix}-total-text { order: -2; }`,
    `${root} .${prefix}-options { display: contents; }`,
    `${root} .${prefix}-options-size-changer { order: -1; margin-inline-end: 8px; }`,
    `${root} .${prefix}-options-quick-jumper { margin-inline-start: 8px; }`,
  ].join('\n');
  return <style>{css}</style>;
}

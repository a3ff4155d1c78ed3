/** A node of a tree answer (getDeptTree, get{E}Tree): `label`/`value` plus children. */
export interface TreeOption {
  label: string;
  value: string | number;
  children?: TreeOption[];
}

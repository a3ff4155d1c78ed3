import {
  ArrayTable, DatePicker, Input, NumberPicker, Select, TimePicker,
} from '@formily/antd-v5';
import { FormItem } from './FormItem';
import { LayoutGrid } from './LayoutGrid';
import { SchemaFormTab } from './SchemaFormTab';
import { AttachmentUpload } from './widgets/AttachmentUpload';
import { TreeReferenceSelect } from './widgets/TreeReferenceSelect';
import { CustomWidget } from '../widgets';
import { DictionarySelect } from './widgets/DictionarySelect';
import { FormRemoteSelect, FormUserSelect } from './widgets/FormRemoteSelect';
import { ImageUpload } from './widgets/ImageUpload';
import { LocationInput } from './widgets/LocationInput';
import { OneZeroSwitch } from './widgets/OneZeroSwitch';
import { RemoteOptionsSelect } from './widgets/RemoteOptionsSelect';
import { StatusTag } from './widgets/StatusTag';
import { TagsSelect } from './widgets/TagsSelect';
import { RichTextEditor } from '../richText/RichTextEditor';

/**
 * The components the generated schema names (see widgetNames.ts). Dotted names such as
 * 'Input.TextArea' or 'ArrayTable.Column' resolve to members of these, as Formily looks them up.
 */
export const formComponents = {
  FormItem,
  FormTab: SchemaFormTab,
  LayoutGrid,
  Input,
  NumberPicker,
  Select,
  DatePicker,
  TimePicker,
  ArrayTable,
  OneZeroSwitch,
  DictionarySelect,
  RemoteSelect: FormRemoteSelect,
  UserSelect: FormUserSelect,
  RemoteOptionsSelect,
  TreeReferenceSelect,
  // Every registered custom widget (runtime/react/widgets), looked up by the name in its props.
  CustomWidget,
  AttachmentUpload,
  ImageUpload,
  TagsSelect,
  LocationInput,
  StatusTag,
  RichTextEditor,
};

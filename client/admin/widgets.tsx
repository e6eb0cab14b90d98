/**
 * Decap's widgets as the editor registers them where they need more than
 * Decap gives: the box a file is corrected in as text (`FILE_TEXT_WIDGET`),
 * one line of the file to a line of the box.
 */
import type { ComponentType } from 'react';
import type { CmsWidgetParam } from 'decap-cms-core';
import { FILE_TEXT_WIDGET } from '../../content/editor.ts';

type Props = Record<string, unknown>;

/** Decap's types give a widget's component the type of its props (decap-cms-core's index.d.ts): the casts say what it is. */
function controlOf(widget: CmsWidgetParam): ComponentType<Props> {
  return widget.controlComponent as unknown as ComponentType<Props>;
}

/** Decap's text box for a file as text, in a fixed-width face and not wrapped (index.html's .file-text): the check's line and column can be counted. */
export function fileText(text: CmsWidgetParam): CmsWidgetParam {
  const Control = controlOf(text);
  function FileText(props: Props) {
    return (
      <div className="file-text" dir="ltr">
        <Control {...props} />
      </div>
    );
  }
  return { ...text, name: FILE_TEXT_WIDGET, controlComponent: FileText as unknown as CmsWidgetParam['controlComponent'] };
}

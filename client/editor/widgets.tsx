/**
 * Decap's widgets as the editor registers them where they need more than
 * Decap gives. Its text controls, typed in the direction of the language
 * they write: Decap lays every field out left to right, Arabic included
 * (decap-cms#1769). Each control Decap draws in a language's form is handed
 * that language as a `locale` prop (undocumented: decap-cms#7523); the
 * controls registered through `inDirection` sit in an element with that
 * language's `lang` and its `dir` from languages.yaml, which the input, the
 * text box or the Markdown editor inside takes its direction from. A list's
 * or a group's fields are drawn without a `locale` and take the direction of
 * the list or group they are in. And the box a file is corrected in as text
 * (`FILE_TEXT_WIDGET`), one line of the file to a line of the box.
 */
import type { ComponentType } from 'react';
import type { CmsWidgetParam } from 'decap-cms-core';
import { FILE_TEXT_WIDGET } from '../../content/editor-config.ts';

type Props = { locale?: unknown } & Record<string, unknown>;

/** Decap's types give a widget's component the type of its props (decap-cms-core's index.d.ts): the casts say what it is. */
function controlOf(widget: CmsWidgetParam): ComponentType<Props> {
  return widget.controlComponent as unknown as ComponentType<Props>;
}

/** A widget whose control is drawn in its language's direction, `directions` being each language's (setup.directions). */
export function inDirection(widget: CmsWidgetParam, directions: Readonly<Record<string, 'ltr' | 'rtl'>>): CmsWidgetParam {
  const Control = controlOf(widget);
  // React 19 hands a function component its `ref` among the props: passed on, Decap still reaches the control itself (its isValid).
  function InDirection(props: Props) {
    const language = typeof props.locale === 'string' && Object.hasOwn(directions, props.locale) ? props.locale : undefined;
    return (
      <div lang={language} dir={language && directions[language]}>
        <Control {...props} />
      </div>
    );
  }
  return { ...widget, controlComponent: InDirection as unknown as CmsWidgetParam['controlComponent'] };
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

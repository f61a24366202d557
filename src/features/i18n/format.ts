/**
 * Fills `{{name}}` placeholders the way i18next does, for islands that receive their strings as props
 * and should not ship i18next to the browser.
 */
export function interpolate(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

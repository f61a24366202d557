/**
 * Design tokens of the marketplace (spec §9), loaded by Tailwind 4 through `@config` in src/styles/global.css.
 * @type {import('tailwindcss').Config}
 */
export default {
  theme: {
    screens: {
      xs: '576px',
      sm: '640px',
      md: '768px',
      lg: '1024px',
      xl: '1280px',
      '2xl': '1536px',
    },
    extend: {
      screens: { 'mobile-sm': '567px', mobile: '576px' },
      spacing: { navbar: '100px', 'chain-selector': '240px', 'admin-sidebar': '256px' },
      maxWidth: { content: '80rem', dashboard: '620px', popup: '1280px' },
      width: { 'chain-selector': '240px', 'admin-content': 'calc(100% - 256px)' },
      height: { navbar: '100px' },
      colors: {
        surface: { DEFAULT: '#0d1020', raised: '#171b33', sunken: '#090b17', border: '#2b3158' },
        ink: { DEFAULT: '#f3f5ff', muted: '#b7bdd9', faint: '#8d93b5' },
        primary: { DEFAULT: '#2563eb', hover: '#1d4ed8', ink: '#ffffff' },
        alert: { DEFAULT: '#d93a4a', ink: '#ffffff' },
        'active-muted': { DEFAULT: '#e58a93' },
      },
      borderRadius: { button: '9999px' },
      fontFamily: {
        sans: ['"Noto Sans JP"', '"Noto Sans CJK JP"', 'system-ui', 'sans-serif'],
      },
    },
  },
};

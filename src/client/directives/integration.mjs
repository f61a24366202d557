// @ts-check
import { fileURLToPath } from 'node:url';
/**
 * Registers the `client:interaction` directive (see ./interaction.ts).
 * @returns {import('astro').AstroIntegration}
 */
export function interactionDirective() {
  return {
    name: 'kirafuda:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)),
        });
      },
    },
  };
}

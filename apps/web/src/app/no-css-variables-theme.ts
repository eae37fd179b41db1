/**
 * Stands in for MUI's CSS-variables theme builder in the build (vite.config.ts points MUI's
 * import of `createThemeWithVars` here). MUI's createTheme reaches that builder only for
 * `cssVariables` or `colorSchemes`, which app/theme.ts never passes: its plain themes would
 * otherwise carry the builder, unused, on every first route.
 */
export default function createThemeWithVars(): never {
  throw new Error('CSS-variables themes are not part of this build: see app/theme.ts.');
}

// The whole of Mantine's stylesheet (~250 KB, 36 KB gzip), for every page behind the landing page.
// lazyRoute loads this module together with each route chunk, so a page never renders before its
// styles are there. The entry (main.tsx) carries only the styles of the components the landing
// page and the app frame's fallbacks render; these rules repeat them, in Mantine's own order.
// Both are in the `mantine` CSS layer, so app.css (unlayered) overrides them whichever loads first.
import '@mantine/core/styles.layer.css';
// Date and time pickers: after core, as @mantine/dates asks.
import '@mantine/dates/styles.layer.css';

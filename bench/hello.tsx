// The baseline for "time to first frame": the smallest Ink program, bundled the same way as the app.
import { render, Text } from 'ink';

const app = render(<Text>hello from ink</Text>, { exitOnCtrlC: false, patchConsole: false });
// `stay`: kept on screen until killed (the memory baseline reads its peak RSS while it runs).
if (process.argv[2] === 'stay') setInterval(() => {}, 1000);
else setTimeout(() => app.unmount(), 200);

// The baseline for "time to first frame": the smallest Ink program, bundled the same way as the app.
import { render, Text } from 'ink';

const app = render(<Text>hello from ink</Text>, { exitOnCtrlC: false, patchConsole: false });
setTimeout(() => app.unmount(), 200);

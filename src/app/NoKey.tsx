import { Box, Text, useApp as useInkApp } from 'ink';
import { useKeys } from '../ui/input/useKeys.js';

/** First screen when there is no API key at all: how to set one, and that --demo exists. Never a stack trace. */
export function NoKey({ configPath }: { configPath: string }) {
  const { exit } = useInkApp();
  useKeys((keys) => {
    if (
      keys.some(({ input, key }) => input === 'q' || key.escape || key.return || (key.ctrl && input === 'c'))
    ) {
      exit();
    }
  });
  return (
    <Box flexDirection="column" padding={1}>
      <Text bold>hyperstack-tui needs an API key</Text>
      <Text> </Text>
      <Text>Create one in the Hyperstack console (API keys), then either:</Text>
      <Text> export HYPERSTACK_API_KEY=your-key</Text>
      <Text>or add a profile to {configPath}:</Text>
      <Text>
        {
          '  { "profiles": { "default": { "apiKeyEnv": "HYPERSTACK_API_KEY" } }, "defaultProfile": "default" }'
        }
      </Text>
      <Text> </Text>
      <Text>No account? Try it against the built-in simulator:</Text>
      <Text> npx hyperstack-tui --demo</Text>
      <Text> </Text>
      <Text dimColor>press q to quit</Text>
    </Box>
  );
}

/**
 * Which config profile, asked once before the app mounts when the file has several and names none as the default.
 * It is the one place ink-select-input is used: a list shown alone, before the app's own key dispatcher exists
 * (inside the app, lists and choices go through our select in src/ui/form and the dispatcher; see
 * docs/ARCHITECTURE.md).
 */
import { Box, Text, useApp, useInput } from 'ink';
import SelectInput from 'ink-select-input';
import { sanitize } from '../domain/sanitize.js';

export interface ProfilePickerProps {
  profiles: readonly string[];
  configPath: string;
  /** The chosen profile, or undefined when the user left (Esc, q, Ctrl+C). */
  onDone(profile: string | undefined): void;
}

export function ProfilePicker({ profiles, configPath, onDone }: ProfilePickerProps) {
  const { exit } = useApp();
  const done = (p: string | undefined) => {
    onDone(p);
    exit();
  };
  useInput((input, key) => {
    if (key.escape || input === 'q' || (key.ctrl && input === 'c')) done(undefined);
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Which profile?</Text>
      <Text dimColor>{sanitize(`${configPath} has ${profiles.length} profiles and no defaultProfile.`)}</Text>
      <Text> </Text>
      <SelectInput
        items={profiles.map((p) => ({ key: p, label: sanitize(p), value: p }))}
        limit={15}
        onSelect={(item) => done(item.value)}
      />
      <Text> </Text>
      <Text dimColor>
        ↑/↓ choose · Enter open · Esc leave · set "defaultProfile" (or --profile) to skip this
      </Text>
    </Box>
  );
}

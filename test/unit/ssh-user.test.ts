import { describe, expect, it } from 'vitest';
import { defaultSshUser } from '../../src/domain/ssh-user.js';

describe('defaultSshUser', () => {
  it('knows the usual cloud images by their name’s prefix, in any case', () => {
    expect(defaultSshUser('Ubuntu Server 22.04 LTS R535 CUDA 12.2')).toBe('ubuntu');
    expect(defaultSshUser('debian-12')).toBe('debian');
    expect(defaultSshUser('  Rocky Linux 9')).toBe('rocky');
    expect(defaultSshUser('RHEL 9')).toBe('cloud-user');
  });
  it('says nothing for an image it does not know, or none', () => {
    expect(defaultSshUser('Windows Server 2022')).toBeUndefined();
    expect(defaultSshUser('my-ubuntu-image')).toBeUndefined();
    expect(defaultSshUser('')).toBeUndefined();
    expect(defaultSshUser(null)).toBeUndefined();
  });
});

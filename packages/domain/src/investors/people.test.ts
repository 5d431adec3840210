import { describe, expect, it } from 'vitest';
import { editInvestorGroupBody } from '../investor-groups/investor-group-schemas';
import { isPhoneNumber, maskTaxFileNumber, userEditRefusal } from './people';
import { editUserBody, investorStatisticsQuery } from './people-schemas';

describe('people rules', () => {
  const current = { id: 7, email: 'Ada@Example.com', type: 'INVESTOR' };

  it('refuses a change of id, role or email, and allows them unchanged', () => {
    expect(userEditRefusal(current, { id: 8 })).toEqual({
      code: 'BAD_REQUEST',
      message: 'The id of a user is read-only.',
    });
    expect(userEditRefusal(current, { type: 'MANAGEMENT' })?.message).toBe(
      'The role of a user cannot be changed here.',
    );
    expect(userEditRefusal(current, { email: 'other@example.com' })?.message).toBe(
      'The email address of a user cannot be changed here.',
    );
    expect(userEditRefusal(current, { id: 7, type: 'INVESTOR', email: ' ada@example.com ' })).toBeNull();
    expect(userEditRefusal(current, {})).toBeNull();
  });

  it('the edit bodies name fields that cannot be changed', () => {
    const user = editUserBody.safeParse({ firstName: 'Ada', passwordHash: 'x' });
    expect(user.success).toBe(false);
    expect(user.error?.issues[0]?.message).toBe('These fields cannot be changed here: passwordHash');
    const group = editInvestorGroupBody.safeParse({ name: 'G', createdAt: 'x' });
    expect(group.error?.issues[0]?.message).toBe('These fields cannot be changed here: createdAt');
  });

  it('trims text and stores an emptied optional field as null', () => {
    expect(editUserBody.parse({ firstName: '  Ada ', middleName: '', homePhone: ' ' })).toEqual({
      firstName: 'Ada',
      middleName: null,
      homePhone: null,
    });
    expect(editInvestorGroupBody.parse({ email: ' Office@Harbour.Example ' })).toEqual({
      email: 'office@harbour.example',
    });
  });

  it('phone numbers: digits, spaces, + ( ) -, at least six digits', () => {
    expect(isPhoneNumber('+61 400 123 456')).toBe(true);
    expect(isPhoneNumber('(02) 9999-0000')).toBe(true);
    expect(isPhoneNumber('12345')).toBe(false);
    expect(isPhoneNumber('call me')).toBe(false);
    expect(isPhoneNumber('0400 12a 456')).toBe(false);
  });

  it('masks a tax file number to its last three digits', () => {
    expect(maskTaxFileNumber('123 456 782')).toBe('******782');
    expect(maskTaxFileNumber('12')).toBe('**');
    expect(maskTaxFileNumber(null)).toBeNull();
  });

  it('reads the statistics grouping: default status, known names only, no repeats', () => {
    expect(investorStatisticsQuery.parse({})).toEqual({ groupBy: ['status'] });
    expect(investorStatisticsQuery.parse({ groupBy: 'investorType, status,status' })).toEqual({
      groupBy: ['investorType', 'status'],
    });
    expect(investorStatisticsQuery.safeParse({ groupBy: 'passwordHash' }).success).toBe(false);
  });
});

import type { FormDefinition, SectionDefinition } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import {
  addRepeatItem,
  addressText,
  applicationDocuments,
  applicationMultipart,
  engineResolver,
  removeRepeatItem,
  repeatItems,
} from './application-form';

const people: SectionDefinition = {
  id: 'person',
  title: 'Person',
  path: 'approvals.approvalDetails',
  repeat: { countField: 'approvals.approvalCount', min: 0, max: 3, itemTitle: 'Person {n}' },
  fields: [
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'passportNumber', label: 'Passport number', kind: 'text' },
    {
      name: 'passport',
      label: 'Passport',
      kind: 'file',
      documentKey: 'approvals.{index}.passport',
      when: [{ field: '.passportNumber', op: 'ne', value: null }],
    },
  ],
};

const definition: FormDefinition = {
  id: 'test',
  version: 1,
  steps: [
    {
      id: 'one',
      title: 'One',
      sections: [
        {
          id: 'details',
          title: 'Details',
          path: 'details',
          fields: [
            { name: 'kind', label: 'Kind', kind: 'select', options: [{ value: 'A', label: 'A' }] },
            { name: 'licence', label: 'Licence', kind: 'file', documentKey: 'driversLicence' },
            {
              name: 'secret',
              label: 'Secret',
              kind: 'text',
              when: [{ field: 'details.kind', op: 'eq', value: 'B' }],
            },
          ],
        },
        people,
      ],
    },
  ],
};

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('the multipart of an application', () => {
  const licence = pdf('licence.pdf');
  const passport = pdf('passport.pdf');
  const hiddenPassport = pdf('hidden.pdf');
  const values = {
    details: { kind: 'A', licence, secret: 'not shown' },
    approvals: {
      approvalCount: 2,
      approvalDetails: [
        { email: 'a@example.com', passportNumber: 'PA123', passport },
        { email: 'b@example.com', passport: hiddenPassport },
      ],
    },
  };

  it('sends each visible file with its document key, in the form order', () => {
    expect(applicationDocuments(definition, values)).toEqual([
      { key: 'driversLicence', file: licence },
      { key: 'approvals.0.passport', file: passport },
    ]);
  });

  it('carries applicationData without files or hidden fields, version 1 and the metadata in file order', async () => {
    const body = applicationMultipart(definition, values);
    expect(body.get('version')).toBe('1');
    expect(JSON.parse(String(body.get('applicationData')))).toEqual({
      details: { kind: 'A' },
      approvals: {
        approvalDetails: [{ email: 'a@example.com', passportNumber: 'PA123' }, { email: 'b@example.com' }],
      },
    });
    expect(JSON.parse(String(body.get('documentsMetadata')))).toEqual([
      { key: 'driversLicence', fileName: 'licence.pdf' },
      { key: 'approvals.0.passport', fileName: 'passport.pdf' },
    ]);
    expect(body.getAll('documents').map((file) => (file as File).name)).toEqual(['licence.pdf', 'passport.pdf']);
  });
});

describe('repeatable sections', () => {
  it('adds an item up to the maximum', () => {
    let values = {};
    for (let i = 0; i < 5; i++) values = addRepeatItem(people, values);
    expect(repeatItems(people, values)).toBe(3);
  });

  it('removes one item: the later ones move up and the count goes down', () => {
    const values = {
      approvals: { approvalCount: 3, approvalDetails: [{ email: 'a' }, { email: 'b' }, { email: 'c' }] },
    };
    const removed = removeRepeatItem(people, values, 1);
    expect(removed).toEqual({ approvals: { approvalCount: 2, approvalDetails: [{ email: 'a' }, { email: 'c' }] } });
    expect(removeRepeatItem(people, values, 7)).toBe(values);
  });
});

it('writes an address on one line', () => {
  expect(
    addressText({ line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000', country: 'Australia' }),
  ).toBe('1 George St, Sydney NSW 2000, Australia');
  expect(addressText(null)).toBe('');
});

describe('the form engine as the form resolver', () => {
  const checked: FormDefinition = {
    id: 'checked',
    version: 1,
    steps: [
      {
        id: 'one',
        title: 'One',
        sections: [
          {
            id: 'person',
            title: 'Person',
            path: 'person',
            fields: [
              {
                name: 'email',
                label: 'Email',
                kind: 'email',
                rules: [
                  { type: 'rq', severity: 'critical', message: 'Email is required.' },
                  { type: 'cx', check: 'email', severity: 'critical', message: 'Please input a valid email address.' },
                ],
              },
              {
                name: 'nickname',
                label: 'Nickname',
                kind: 'text',
                rules: [{ type: 'rq', severity: 'alert', message: 'A nickname helps.' }],
              },
            ],
          },
          people,
        ],
      },
    ],
  };
  const resolve = (values: Record<string, unknown>) =>
    engineResolver(checked, { today: '2027-03-05' })(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });

  it('makes each critical issue the error of its field, alerts none', async () => {
    const result = await resolve({ person: { email: 'nope' } });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      person: { email: { type: 'cx', message: 'Please input a valid email address.' } },
    });
  });

  it('answers the values when nothing critical is left', async () => {
    const values = { person: { email: 'a@example.com' } };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });
});

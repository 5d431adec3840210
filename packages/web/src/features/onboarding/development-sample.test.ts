import { investorApplication, investorTypes, sydneyDate, validateForm } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { applicationDocuments } from './application-form';
import { developmentSampleApplication } from './development-sample';

describe("the development build's test data", () => {
  it.each(investorTypes)('fills a %s application the form accepts, with a file in each document field', (type) => {
    const values = developmentSampleApplication(investorApplication, type);
    const critical = validateForm(investorApplication, values, { today: sydneyDate(new Date()) }).filter(
      (issue) => issue.severity === 'critical',
    );
    expect(critical).toEqual([]);
    const documents = applicationDocuments(investorApplication, values);
    expect(documents.length).toBeGreaterThan(0);
    for (const { file } of documents) expect(file.type).toBe('application/pdf');
  });
});

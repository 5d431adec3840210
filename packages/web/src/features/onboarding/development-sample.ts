import {
  type FormDefinition,
  type FormValues,
  type InvestorType,
  sampleApplication,
  samplePdfText,
  setValue,
  sydneyDate,
  visibleFieldsOfForm,
} from '@lm/domain';

/**
 * The development build's test data (never in a production build): the domain's sample application
 * of the type, with a small PDF in each of its document fields and a unique email.
 */
export function developmentSampleApplication(definition: FormDefinition, type: InvestorType): FormValues {
  const sample = sampleApplication(type, { today: sydneyDate(new Date()), tag: `dev.${Date.now().toString(36)}` });
  let values = sample.applicationData;
  const wanted = new Map(sample.documentsMetadata.map((document) => [document.key, document.fileName]));
  for (const found of visibleFieldsOfForm(definition, values)) {
    const fileName = found.documentKey === undefined ? undefined : wanted.get(found.documentKey);
    if (fileName)
      values = setValue(values, found.path, new File([samplePdfText], fileName, { type: 'application/pdf' }));
  }
  return values;
}

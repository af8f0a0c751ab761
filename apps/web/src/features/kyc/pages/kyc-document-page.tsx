import { useTranslation } from '@bolsa/client-kit/i18n';
import { updateRealBody } from '@bolsa/contracts';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useAreas } from '../api/get-areas.ts';
import { useSubmitKyc } from '../api/submit-kyc.ts';

/** /pages/kycverify/idcard and /pages/kycverify/passport: names, number and images of the document. */
export function KycDocumentPage({ documentType }: { documentType: 'idcard' | 'passport' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submitKyc = useSubmitKyc();
  const areas = useAreas();
  const form = useForm(updateRealBody, {
    documentType,
    countryCode: '',
    firstName: '',
    lastName: '',
    idNumber: '',
    frontImageUrl: '',
    backImageUrl: '',
  });
  const errorOf = (field: 'countryCode' | 'firstName' | 'lastName' | 'idNumber' | 'frontImageUrl' | 'backImageUrl') => {
    const key = form.errors[field];
    return key ? t(key) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    submitKyc.mutate(body, {
      onSuccess: () => {
        showToast(t('kyc.submitted'), 'success');
        navigate(pagePath('kyc'), { replace: true });
      },
      onError: showError,
    });
  };

  return (
    <>
      <NavBar title={documentType === 'idcard' ? t('kyc.idCard') : t('kyc.passport')} />
      <div className="page-body">
        <form className="form" onSubmit={submit} noValidate>
          <FormSelect
            label={t('fields.countryCode')}
            value={form.values.countryCode}
            placeholder={t('validation.chooseCountry')}
            options={(areas.data ?? []).map((area) => ({ value: area.code, label: area.name }))}
            onValueChange={(value) => form.setValue('countryCode', value)}
            error={errorOf('countryCode')}
          />
          <FormField
            label={t('fields.firstName')}
            name="firstName"
            autoComplete="given-name"
            maxLength={50}
            value={form.values.firstName}
            onValueChange={(value) => form.setValue('firstName', value)}
            error={errorOf('firstName')}
          />
          <FormField
            label={t('fields.lastName')}
            name="lastName"
            autoComplete="family-name"
            maxLength={50}
            value={form.values.lastName}
            onValueChange={(value) => form.setValue('lastName', value)}
            error={errorOf('lastName')}
          />
          <FormField
            label={documentType === 'idcard' ? t('kyc.idCardNumber') : t('kyc.passportNumber')}
            name="idNumber"
            autoComplete="off"
            maxLength={30}
            value={form.values.idNumber}
            onValueChange={(value) => form.setValue('idNumber', value)}
            error={errorOf('idNumber')}
          />
          <ImageUpload
            label={documentType === 'idcard' ? t('fields.frontImageUrl') : t('kyc.passportPhotoPage')}
            value={form.values.frontImageUrl}
            onUploaded={(url) => form.setValue('frontImageUrl', url)}
            error={errorOf('frontImageUrl')}
          />
          {documentType === 'idcard' ? (
            <ImageUpload
              label={t('fields.backImageUrl')}
              value={form.values.backImageUrl}
              onUploaded={(url) => form.setValue('backImageUrl', url)}
              error={errorOf('backImageUrl')}
            />
          ) : null}
          <p className="form-note">{t('kyc.privacyNote')}</p>
          <button type="submit" className="button button-primary button-block" disabled={submitKyc.isPending}>
            {submitKyc.isPending ? t('common.loading') : t('kyc.submit')}
          </button>
        </form>
      </div>
    </>
  );
}

export const KycIdCardPage = () => <KycDocumentPage documentType="idcard" />;
export const KycPassportPage = () => <KycDocumentPage documentType="passport" />;

import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Whether a chosen file is over the server's limit for its kind (checked again on the server). */
export function fileTooLarge(file: File | null, maxBytes: number): boolean {
  return file !== null && file.size > maxBytes;
}

/**
 * Choose one file: the Choose File button (a labelled file input, so keyboard and screen readers
 * reach it), the chosen file's name, and the limit said at once when the file is over it.
 */
export function FileField({
  file,
  onChange,
  accept,
  label,
  maxBytes,
  disabled = false,
  noFileText = 'No file chosen',
  nameTestId,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The input's accept list (extensions and media types). */
  accept: string;
  /** The input's accessible name ('Receipts file'). */
  label: string;
  maxBytes: number;
  disabled?: boolean;
  noFileText?: string;
  nameTestId?: string;
}) {
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled}>
          Choose File
          <input
            hidden
            type="file"
            accept={accept}
            aria-label={label}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography data-testid={nameTestId}>{file?.name ?? noFileText}</Typography>
      </Stack>
      {fileTooLarge(file, maxBytes) && (
        <Alert severity="error">The file is larger than {maxBytes / 1024 / 1024} MB.</Alert>
      )}
    </>
  );
}

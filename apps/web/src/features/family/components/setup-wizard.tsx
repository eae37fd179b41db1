import { isProfileComplete } from '@kkb/core/family/profile';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import { unitsForSavedPlace } from '@kkb/core/family/units';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../../lib/api-client';
import { useAddChild } from '../api/add-child';
import { getProfileQueryOptions } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { ChildAvatar } from './child-avatar';
import { ChildForm, type ChildFormHandle } from './child-form';
import { FamilyNameForm } from './family-name-form';
import { LocationForm } from './location-form';
import { SETUP_STEPS, setupStepOf, type SetupStepIndex } from './setup-step';
import { browserTimeZone } from './timezone-field';

const FORM_IDS = ['setup-family', 'setup-child', 'setup-location'] as const;

/**
 * The three questions of `/setup`. Each step is saved when the parent presses Next, and the step
 * shown first is read from the saved profile, so leaving half-way and coming back resumes.
 */
export function SetupWizard({ profile }: { profile: TFamilyProfile }) {
  const [step, setStep] = useState<SetupStepIndex>(() => setupStepOf(profile));
  const [childMissing, setChildMissing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const childForm = useRef<ChildFormHandle>(null);
  const saveProfile = useUpdateProfile();
  const addChild = useAddChild();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const children = profile.familyInfo.children;

  // Keyboard and screen-reader users land on the new question.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) firstRender.current = false;
    else heading.current?.focus();
  }, [step]);

  const goTo = (next: SetupStepIndex) => {
    saveProfile.reset();
    addChild.reset();
    setChildMissing(false);
    setStep(next);
  };

  const failure = saveProfile.error ?? addChild.error;

  /**
   * Next on the children step: a child typed but not yet added is added first (a parent need
   * not know about "Add child" for their only child); one that does not pass the rules keeps the
   * parent here with the form's messages. Without any child there is nothing to go on with.
   */
  const childrenDone = async () => {
    const form = childForm.current;
    if (form !== null && !form.isBlank()) {
      setChildMissing(false);
      if (await form.submit()) goTo(2);
      return;
    }
    if (children.length > 0) goTo(2);
    else setChildMissing(true);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {SETUP_STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h5"
        component="h2"
        sx={{ mb: 1, outline: 'none' }}
      >
        {step === 0 && 'What is your family called?'}
        {step === 1 && 'Who are your children?'}
        {step === 2 && 'Where do you live?'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {step === 0 && 'Step 1 of 3. You can change everything later on your profile.'}
        {step === 1 &&
          'Step 2 of 3. Add each child with their age and what they love; suggestions fit their ages.'}
        {step === 2 &&
          'Step 3 of 3. Your city and time zone make suggestions fit your weather and your day.'}
      </Typography>

      {failure !== null && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {describeError(failure)}
        </Alert>
      )}

      {step === 0 && (
        <FamilyNameForm
          formId={FORM_IDS[0]}
          familyName={profile.familyInfo.familyName}
          onSubmit={async (values) => {
            await saveProfile.mutateAsync({ familyInfo: values });
            goTo(1);
          }}
        />
      )}

      {step === 1 && (
        <Stack spacing={3}>
          {children.length > 0 && (
            <List aria-label="Children added" disablePadding>
              {children.map((child) => (
                <ListItem key={child.id} disableGutters>
                  <ListItemAvatar>
                    <ChildAvatar child={child} size={40} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={child.name}
                    secondary={
                      child.interests.length > 0
                        ? `Age ${child.age} · ${child.interests.join(', ')}`
                        : `Age ${child.age}`
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
          <Box>
            <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
              {children.length === 0 ? 'Add your first child' : 'Add another child'}
            </Typography>
            <ChildForm
              ref={childForm}
              formId={FORM_IDS[1]}
              resetAfterSubmit
              onSubmit={async (values) => {
                setChildMissing(false);
                await addChild.mutateAsync(values);
              }}
            />
            <Button
              type="submit"
              form={FORM_IDS[1]}
              variant="outlined"
              loading={addChild.isPending}
              sx={{ mt: 2 }}
            >
              Add child
            </Button>
          </Box>
          {childMissing && <Alert severity="warning">Add at least one child to continue.</Alert>}
        </Stack>
      )}

      {step === 2 && (
        <LocationForm
          formId={FORM_IDS[2]}
          defaultValues={{
            city: profile.location.city,
            state: profile.location.state,
            country: profile.location.country,
            timezone: browserTimeZone(),
          }}
          savedCoordinates={
            profile.location.lat !== null && profile.location.lon !== null
              ? { lat: profile.location.lat, lon: profile.location.lon }
              : null
          }
          onSubmit={async (update) => {
            // Where the family lives sets their units (°C unless that country reads °F).
            const units = unitsForSavedPlace(
              profile.location,
              update.location?.country ?? '',
              navigator.language,
            );
            const saved = await saveProfile.mutateAsync(
              units === undefined ? update : { ...update, preferences: { units } },
            );
            await queryClient.invalidateQueries(getProfileQueryOptions());
            if (isProfileComplete(saved)) await navigate('/dashboard', { replace: true });
          }}
        />
      )}

      <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between' }}>
        <Button
          variant="text"
          disabled={step === 0}
          onClick={() => goTo((step - 1) as SetupStepIndex)}
        >
          Back
        </Button>
        {/* Keyed per step: the Next pressed on the children step must not become the
            location form's submit button before the browser finishes handling its click. */}
        {step === 1 ? (
          <Button
            key="children-next"
            variant="contained"
            loading={addChild.isPending}
            onClick={() => void childrenDone()}
          >
            Next
          </Button>
        ) : (
          <Button
            key={FORM_IDS[step]}
            type="submit"
            form={FORM_IDS[step]}
            variant="contained"
            loading={saveProfile.isPending}
          >
            {step === 2 ? 'Finish' : 'Next'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeError } from '../../../lib/api-client';
import { useDeleteAnimation } from '../api/delete-animation';
import { useAnimations } from '../api/get-animations';

/** The family's saved animations, each with its first frame as a thumbnail. */
export function ProjectList({
  currentId,
  onOpen,
  onDeleted,
}: {
  currentId: string | null;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
}) {
  const animations = useAnimations();
  const remove = useDeleteAnimation();
  const list = animations.data?.animations ?? [];
  return (
    <Stack component="section" aria-labelledby="studio-projects" spacing={1}>
      <Typography id="studio-projects" variant="h6" component="h2">
        Your animations
      </Typography>
      {animations.isError && <Alert severity="error">{describeError(animations.error)}</Alert>}
      {remove.isError && <Alert severity="error">{describeError(remove.error)}</Alert>}
      {animations.data !== undefined && list.length === 0 && (
        <Typography color="text.secondary">Your saved animations will appear here.</Typography>
      )}
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          m: 0,
          p: 0,
          listStyle: 'none',
        }}
      >
        {list.map((animation) => (
          <li key={animation.id}>
            <Card
              variant="outlined"
              sx={{ borderColor: animation.id === currentId ? 'primary.main' : undefined }}
            >
              <Box
                component="img"
                src={animation.thumbnailUrl}
                alt=""
                sx={{ width: '100%', aspectRatio: '4 / 3', display: 'block', bgcolor: '#fff' }}
              />
              <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
                <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }} noWrap>
                  {animation.title}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {animation.frameCount} {animation.frameCount === 1 ? 'frame' : 'frames'}
                </Typography>
                <Stack direction="row" sx={{ gap: 0.5, mt: 0.5 }}>
                  <Button
                    size="small"
                    aria-label={`Open ${animation.title}`}
                    disabled={animation.id === currentId}
                    onClick={() => onOpen(animation.id)}
                  >
                    Open
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    aria-label={`Delete ${animation.title}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(animation.id, { onSuccess: () => onDeleted(animation.id) })
                    }
                  >
                    Delete
                  </Button>
                </Stack>
              </CardContent>
            </Card>
          </li>
        ))}
      </Box>
    </Stack>
  );
}
